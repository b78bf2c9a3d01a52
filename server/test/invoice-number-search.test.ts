/**
 * Issue 27: an invoice number typed in full (« FA-B-4242 ») reads the number's trigram index with
 * the pattern's digits and the separator before them (bo_number_pattern, migration 0057), then keeps
 * the numbers matching the whole pattern. What the searches find must not change: for numbers of
 * every shape (series with one or two letters, years, separators, `_`, `%` and `\` in the number,
 * drafts without one) and pieces of them typed in any case, Mes factures' search, the invoices'
 * search of the payments and the outstanding list's find exactly what a plain `ilike` over the same
 * columns finds.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containing } from '../src/db/like.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await bootHarness();
});
afterAll(() => h.close());

/** A fixed sequence of pseudo-random numbers in [0, 1) (mulberry32): the same cases at every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const next = random(57);
const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
const digits = (n: number) => String(Math.floor(next() * 10 ** n)).padStart(n, '0');

const shapes: (() => string)[] = [
  () => `FA-B-${1 + Math.floor(next() * 5000)}`,
  () => `FA-B-4242${digits(1)}`,
  () => `FA-2026-${digits(5)}`,
  () => `AV-2025-${digits(5)}`,
  () => `fa/2026/${digits(4)}`,
  () => `F${digits(4)}`,
  () => digits(6),
  () => `FAC-${digits(3)}-bis`,
  () => `X_${digits(3)}`,
  () => `X%${digits(3)}`,
  () => `A\\${digits(4)}`,
  () => `ÉTÉ ${digits(4)}`,
  () => `B-1${digits(2)}.${digits(3)}`,
];
const numbers = [...new Set(Array.from({ length: 400 }, () => pick(shapes)()))];

/** What a person types: a piece of a number, in any case, sometimes with a separator before it. */
const typed = [
  ...Array.from({ length: 150 }, () => {
    const number = pick(numbers);
    const start = Math.floor(next() * number.length);
    const piece = number.slice(start, start + 1 + Math.floor(next() * 10));
    const cased = next() < 0.5 ? piece.toUpperCase() : piece.toLowerCase();
    return next() < 0.2 ? `${pick(['-', ' ', '/', '_', '%', '\\'])}${cased}` : cased;
  }),
  'FA-B-4242',
  'fa-b-42',
  'FA-B-424',
  '-4242',
  '2026-0',
  'FA-2026',
  'dupont 2026',
  'b-1',
  '4242 ',
  'FA 4242',
  'zz-0000',
];
const patterns = [...new Set(typed)].map(containing);
/** Texts as an SQL array literal. */
const array = (texts: string[]) =>
  `array[${texts.map((t) => `'${t.replaceAll("'", "''")}'`).join(', ')}]::text[]`;

let customerId: number;
beforeAll(async () => {
  const [customer] = (
    (await h.db.owner.execute(
      sql`select id from customers where company_id = 1 order by id limit 1`,
    )) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  customerId = customer!.id;
  // Validated invoices, one in three paid (off the outstanding list), and drafts without a number.
  const values = [...numbers, null, null].map(
    (number, n) =>
      sql`(1, ${customerId}, ${number}, 'facture', ${number === null ? 'PROVISOIRE' : 'VALIDATED'},
        '2026-01-15', '2026-02-14', 10000, 2000, 12000, ${n % 3 === 0 ? 12000 : 0})`,
  );
  await h.db.owner.execute(sql`insert into invoices (company_id, customer_id, number, type, status, date, due_date,
    total_excl_tax_cents, total_vat_cents, total_incl_tax_cents, paid_cents) values ${sql.join(values, sql`, `)}`);
});

const name = `coalesce(nullif(c.company_name, ''), trim(c.first_name || ' ' || c.last_name))`;
/** The customer's name is compared folded, accents and case aside (migration 0058). */
const folded = `bo_fold(${name}) like bo_fold(p)`;
const standing = `i.status = 'VALIDATED' and i.kind <> 'credit_note' and i.credit_note_id is null
  and (i.total_incl_tax_cents - i.retainage_cents - i.paid_cents > 0 or i.retainage_cents > 0)`;
/** The columns each search matches, as a plain ilike over company 1's invoices. */
const plain = (columns: string, where = 'true') => `select i.id from invoices i
  left join customers c on c.id = i.customer_id left join business_jobs j on j.id = i.business_job_id
  where i.company_id = 1 and ${where} and (${columns})`;

const searches = {
  bo_invoice_list_search: {
    found: 'select s from bo_invoice_list_search(p) s',
    expected: plain(`i.number ilike p or i.title ilike p or ${folded} or j.name ilike p`),
  },
  bo_invoice_search: {
    found: 'select s from bo_invoice_search(p) s',
    expected: plain(`i.number ilike p or ${folded} or j.name ilike p`),
  },
  bo_outstanding_search: {
    found: 'select s.id from bo_outstanding_search(p) s',
    expected: plain(`i.number ilike p or ${folded} or j.name ilike p`, standing),
  },
} as const;

describe('searching invoice numbers (migration 0057)', () => {
  it('reads the index with the digits typed and the separator before them, where they are a trigram', async () => {
    const cases = {
      '%FA-B-4242%': '%-4242%',
      '%fa-2026-00042%': '%-00042%',
      '%4242%': '%4242%',
      '%FA\\_B 1234%': '% 1234%',
      '%a\\\\4242%': '%4242%',
      // Two digits make no trigram; a word of three letters is a name's, whose trigrams are rarer.
      '%FA-B-42%': '%FA-B-42%',
      '%dupont 2026%': '%dupont 2026%',
      '%bâti 1339%': '%bâti 1339%',
    };
    const answers = (
      (await h.db.owner.execute(
        sql.raw(`select p, bo_number_pattern(p) as narrowed from unnest(${array(Object.keys(cases))}) p`),
      )) as unknown as { rows: { p: string; narrowed: string }[] }
    ).rows;
    expect(Object.fromEntries(answers.map((r) => [r.p, r.narrowed]))).toEqual(cases);
    // Whatever was typed, every number matching it contains what the index is read with.
    const [{ missed }] = (
      (await h.db.owner.execute(
        sql.raw(`select count(*)::int as missed from invoices i, unnest(${array(patterns)}) p
          where i.number ilike p and not i.number ilike bo_number_pattern(p)`),
      )) as unknown as {
        rows: { missed: number }[];
      }
    ).rows as [{ missed: number }];
    expect(missed).toBe(0);
  });

  it.each(Object.entries(searches))(
    '%s finds what a plain ilike finds, for every piece of a number',
    async (_f, s) => {
      const rows = (
        (await h.db.withTenant(1, (tx) =>
          tx.execute(
            sql.raw(`select p, array(${s.found} order by 1) as found, array(${s.expected} order by 1) as expected
            from unnest(${array(patterns)}) p`),
          ),
        )) as unknown as { rows: { p: string; found: number[]; expected: number[] }[] }
      ).rows;
      expect(rows).toHaveLength(patterns.length);
      expect(rows.filter((r) => JSON.stringify(r.found) !== JSON.stringify(r.expected))).toEqual([]);
      // Most of what was typed finds invoices, some many (a series), some a single one.
      const sizes = rows.map((r) => r.found.length);
      expect(sizes.filter((n) => n > 0).length).toBeGreaterThan(patterns.length * 0.6);
      expect(sizes.some((n) => n === 1)).toBe(true);
      expect(Math.max(...sizes)).toBeGreaterThan(50);
    },
  );
});
