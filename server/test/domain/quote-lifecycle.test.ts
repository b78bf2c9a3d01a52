import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkAcceptanceToken,
  checkQuoteInvoiceable,
  isFullyInvoiced,
  nextRevisionNumber,
  parseQuoteRevisionNumber,
  type QuoteAction,
  type QuoteState,
  quoteActions,
  quoteRevisionNumber,
  quoteStatusOn,
  quoteTransition,
  revisionIndex,
  revisionLetters,
  type StoredQuoteStatus,
  storedQuoteStatuses,
} from '../../src/domain/index.js';
import { line, QuoteBook, quote } from './fixtures.js';

const RUNS = { numRuns: 1000 };
const state = (status: StoredQuoteStatus, overrides: Partial<QuoteState> = {}): QuoteState => ({
  status,
  validUntil: '2026-03-31',
  latest: true,
  fullyInvoiced: false,
  ...overrides,
});
const key = (result: { ok: boolean; key?: string }) => (result.ok ? 'ok' : result.key);

describe('the quote’s lifecycle', () => {
  const today = '2026-03-15';

  it('goes draft → sent → accepted or refused', () => {
    expect(quoteTransition('send', state('draft'), today)).toEqual({
      ok: true,
      value: { status: 'sent', creates: null },
    });
    expect(quoteTransition('accept', state('sent'), today)).toEqual({
      ok: true,
      value: { status: 'accepted', creates: null },
    });
    expect(quoteTransition('refuse', state('sent'), today)).toEqual({
      ok: true,
      value: { status: 'refused', creates: null },
    });
  });

  it('is valid through its validity date (France), expired from the next day when unanswered', () => {
    expect(quoteStatusOn(state('sent'), '2026-03-31')).toBe('sent');
    expect(quoteStatusOn(state('sent'), '2026-04-01')).toBe('expired');
    expect(quoteStatusOn(state('accepted'), '2026-04-01')).toBe('accepted');
    expect(quoteStatusOn(state('refused'), '2027-01-01')).toBe('refused');
    expect(quoteStatusOn(state('draft'), '2027-01-01')).toBe('draft');
    expect(key(quoteTransition('accept', state('sent'), '2026-03-31'))).toBe('ok');
    expect(key(quoteTransition('accept', state('sent'), '2026-04-01'))).toBe('quote_expired');
  });

  it('edits a draft in place, makes a new revision of a quote that left the company, freezes an accepted one', () => {
    expect(quoteTransition('edit', state('draft'), today)).toEqual({
      ok: true,
      value: { status: 'draft', creates: null },
    });
    for (const status of ['sent', 'refused'] as const) {
      expect(quoteTransition('edit', state(status), today)).toEqual({
        ok: true,
        value: { status, creates: 'revision' },
      });
    }
    expect(quoteTransition('edit', state('sent'), '2026-05-01')).toEqual({
      ok: true,
      value: { status: 'sent', creates: 'revision' },
    });
    expect(key(quoteTransition('edit', state('accepted'), today))).toBe('quote_not_editable');
  });

  it('does not send a draft whose validity date has passed, nor a quote already answered', () => {
    expect(key(quoteTransition('send', state('draft'), '2026-04-01'))).toBe('quote_expired');
    expect(key(quoteTransition('send', state('draft', { validUntil: null }), today))).toBe('ok');
    expect(key(quoteTransition('send', state('sent'), today))).toBe('ok');
    expect(key(quoteTransition('send', state('accepted'), today))).toBe('quote_already_answered');
  });

  it('takes one answer, from a sent quote only', () => {
    expect(key(quoteTransition('accept', state('draft'), today))).toBe('quote_not_sent');
    expect(key(quoteTransition('accept', state('accepted'), today))).toBe('quote_already_answered');
    expect(key(quoteTransition('accept', state('refused'), today))).toBe('quote_already_answered');
    expect(key(quoteTransition('refuse', state('accepted'), today))).toBe('quote_already_answered');
  });

  it('invoices an accepted quote only, until it is fully invoiced', () => {
    for (const status of ['draft', 'sent', 'refused'] as const) {
      expect(key(quoteTransition('invoice', state(status), today))).toBe('quote_not_accepted');
    }
    expect(key(quoteTransition('invoice', state('sent'), '2026-05-01'))).toBe('quote_not_accepted');
    expect(key(quoteTransition('invoice', state('accepted'), '2027-01-01'))).toBe('ok');
    expect(key(quoteTransition('invoice', state('accepted', { fullyInvoiced: true }), today))).toBe(
      'quote_fully_invoiced',
    );
  });

  it('duplicates any quote into a new draft, even an earlier revision; acts on nothing else of one', () => {
    for (const status of ['draft', 'sent', 'accepted', 'refused'] as const) {
      expect(quoteTransition('duplicate', state(status, { latest: false }), today)).toEqual({
        ok: true,
        value: { status, creates: 'copy' },
      });
    }
    for (const action of ['edit', 'send', 'accept', 'refuse', 'invoice'] as const) {
      expect(key(quoteTransition(action, state('sent', { latest: false }), today))).toBe(
        'quote_revision_superseded',
      );
    }
  });

  it('answers online with the same rules: a second acceptance, one after a refusal or expiry are refused', () => {
    expect(checkAcceptanceToken('accept', state('sent'), today)).toEqual({ ok: true, value: 'accepted' });
    expect(key(checkAcceptanceToken('accept', state('accepted'), today))).toBe('quote_already_answered');
    expect(key(checkAcceptanceToken('accept', state('refused'), today))).toBe('quote_already_answered');
    expect(key(checkAcceptanceToken('accept', state('sent'), '2026-04-01'))).toBe('quote_expired');
    expect(key(checkAcceptanceToken('refuse', state('sent', { latest: false }), today))).toBe(
      'quote_revision_superseded',
    );
  });
});

describe('a quote fully invoiced', () => {
  it('is read from its invoices: deposit and statements to 100 %, freed again by a credit note', () => {
    const book = new QuoteBook(quote([line(1, 10, 100), line(2, 3, 12.5, 1000)]));
    const base = { status: 'accepted' as const, validUntil: '2026-03-31', latest: true };
    expect(isFullyInvoiced(book.quote, book.invoices)).toBe(false);
    book.deposit({ percent: 3000 });
    book.allLinesTo(6000);
    expect(isFullyInvoiced(book.quote, book.invoices)).toBe(false);
    const final = book.allLinesTo(10_000);
    expect(isFullyInvoiced(book.quote, book.invoices)).toBe(true);
    expect(checkQuoteInvoiceable(base, book.quote, book.invoices, '2026-06-01')).toEqual({
      ok: false,
      key: 'quote_fully_invoiced',
    });
    book.creditNote(final);
    expect(isFullyInvoiced(book.quote, book.invoices)).toBe(false);
    expect(checkQuoteInvoiceable(base, book.quote, book.invoices, '2026-06-01').ok).toBe(true);
  });

  it('never holds for a quote with nothing to bill', () => {
    expect(isFullyInvoiced(quote([]), [])).toBe(false);
  });
});

describe('revision numbers', () => {
  it('are the number, then the number with B … Z, then AA', () => {
    expect(quoteRevisionNumber('DE-2026-00012', 0)).toBe('DE-2026-00012');
    expect(quoteRevisionNumber('DE-2026-00012', 1)).toBe('DE-2026-00012-B');
    expect(quoteRevisionNumber('DE-2026-00012', 25)).toBe('DE-2026-00012-Z');
    expect(quoteRevisionNumber('DE-2026-00012', 26)).toBe('DE-2026-00012-AA');
    expect(quoteRevisionNumber('DE-2026-00012', 27)).toBe('DE-2026-00012-AB');
    expect(nextRevisionNumber('DE-2026-00012')).toBe('DE-2026-00012-B');
    expect(nextRevisionNumber('DE-2026-00012-B')).toBe('DE-2026-00012-C');
    expect(nextRevisionNumber('DE-2026-00012-Z')).toBe('DE-2026-00012-AA');
    expect(parseQuoteRevisionNumber('DE-2026-00012-AA')).toEqual({ baseNumber: 'DE-2026-00012', index: 26 });
    expect(revisionIndex('a')).toBeNull();
    expect(() => revisionLetters(-1)).toThrow(RangeError);
  });

  it('round-trip, and sort by length then letters in revision order', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000 }), fc.integer({ min: 1, max: 99_999 }), (index, counter) => {
        const letters = revisionLetters(index);
        expect(revisionIndex(letters)).toBe(index);
        const next = revisionLetters(index + 1);
        expect(next.length > letters.length || (next.length === letters.length && next > letters)).toBe(true);
        const base = `DE-2026-${String(counter).padStart(5, '0')}`;
        expect(parseQuoteRevisionNumber(quoteRevisionNumber(base, index))).toEqual({
          baseNumber: base,
          index,
        });
      }),
      RUNS,
    );
  });
});

// Random lives of a quote: its revisions, the actions tried on any of them, days moving forward.
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10);
const arbitraryState = fc.record({
  status: fc.constantFrom(...storedQuoteStatuses),
  validUntil: fc.option(fc.integer({ min: 0, max: 60 }).map(day)),
  latest: fc.boolean(),
  fullyInvoiced: fc.boolean(),
});

describe('properties of the lifecycle', () => {
  it('no action leads out of accepted: an accepted quote only stays, is invoiced or duplicated', () => {
    fc.assert(
      fc.property(
        arbitraryState,
        fc.constantFrom(...quoteActions),
        fc.integer({ min: 0, max: 60 }),
        (s, a, d) => {
          const result = quoteTransition(a, { ...s, status: 'accepted' }, day(d));
          if (result.ok) {
            expect(result.value.status).toBe('accepted');
            expect(result.value.creates).not.toBe('revision');
          }
        },
      ),
      RUNS,
    );
  });

  it('is expired only when sent, unanswered, its validity date before today', () => {
    fc.assert(
      fc.property(arbitraryState, fc.integer({ min: 0, max: 60 }), (s, d) => {
        const today = day(d);
        expect(quoteStatusOn(s, today) === 'expired').toBe(
          s.status === 'sent' && s.validUntil !== null && s.validUntil < today,
        );
      }),
      RUNS,
    );
  });

  it('answers only a sent latest revision within its validity; invoices only an accepted one', () => {
    fc.assert(
      fc.property(arbitraryState, fc.integer({ min: 0, max: 60 }), (s, d) => {
        const today = day(d);
        const answerable = s.latest && quoteStatusOn(s, today) === 'sent';
        expect(quoteTransition('accept', s, today).ok).toBe(answerable);
        expect(quoteTransition('refuse', s, today).ok).toBe(answerable);
        expect(quoteTransition('invoice', s, today).ok).toBe(
          s.latest && s.status === 'accepted' && !s.fullyInvoiced,
        );
        const edit = quoteTransition('edit', s, today);
        if (edit.ok)
          expect(edit.value).toEqual({ status: s.status, creates: s.status === 'draft' ? null : 'revision' });
        // Every refusal is one of the lifecycle's keys.
        for (const a of quoteActions) {
          const r = quoteTransition(a, s, today);
          if (!r.ok) expect(r.key).toMatch(/^quote_/);
        }
      }),
      RUNS,
    );
  });

  it('over a quote’s life: one accepted revision at most, none after it, earlier revisions never change', () => {
    const step = fc.record({
      action: fc.constantFrom<QuoteAction>(...quoteActions),
      target: fc.nat(),
      days: fc.integer({ min: 0, max: 20 }),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let d = 0;
        const revisions: { status: StoredQuoteStatus; validUntil: string; number: string }[] = [
          { status: 'draft', validUntil: day(30), number: 'DE-2026-00012' },
        ];
        for (const { action, target, days } of steps) {
          d += days;
          const i = target % revisions.length;
          const latest = i === revisions.length - 1;
          const rev = revisions[i]!;
          const before = revisions.map((r) => ({ ...r }));
          const result = quoteTransition(action, { ...rev, latest, fullyInvoiced: false }, day(d));
          if (!result.ok) {
            expect(revisions).toEqual(before);
            continue;
          }
          if (!latest) expect(action).toBe('duplicate');
          rev.status = result.value.status;
          if (result.value.creates === 'revision') {
            revisions.push({
              status: 'draft',
              validUntil: day(d + 30),
              number: nextRevisionNumber(rev.number),
            });
          }
          // Earlier revisions are left as they were.
          expect(revisions.slice(0, i)).toEqual(before.slice(0, i));
          const accepted = revisions.filter((r) => r.status === 'accepted');
          expect(accepted.length).toBeLessThanOrEqual(1);
          if (accepted.length === 1) expect(revisions.at(-1)?.status).toBe('accepted');
        }
        expect(revisions.map((r) => r.number)).toEqual(
          revisions.map((_, n) => quoteRevisionNumber('DE-2026-00012', n)),
        );
      }),
      RUNS,
    );
  });
});
