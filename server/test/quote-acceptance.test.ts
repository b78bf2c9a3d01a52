/**
 * A quote sent and answered online (issue 21), through the API and the public link: the PDF route,
 * the send (the .eml in the outbox with the PDF and the link, the token stored hashed, a resend
 * replacing the link), the whole acceptance from the link (what is recorded, the accepted PDF kept
 * byte for byte and then served with the « Acceptation électronique » page, the owner's
 * notification), every bad input with nothing changed, another company's ids and tokens, token
 * variations, and the rate limit. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '../../src/contract/format.js';
import { quoteAnswers, quotes } from '../src/db/schema.js';
import { quoteLinkLimits } from '../src/routes/quote-acceptance.js';
import { pdfText } from './support/factur-x-validators.js';
import { bootHarness, type Harness } from './support/harness.js';
import { inDays, storeQuote } from './support/quote-setup.js';

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below.
type Json = any;

let h: Harness;
let token: string;
let otherToken: string;
let adminId: number;
let outboxDir: string;

const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ');
/** A page's text as read: tags left out, whitespace as one space. */
const textOf = (html: string) => plain(html.replace(/<[^>]+>/g, ''));

async function api(method: 'GET' | 'POST', route: string, json?: unknown, as = token, company = 1) {
  const response = await h.request(method, `/v2/companies/${company}${route}`, {
    token: as,
    ...(json !== undefined ? { json } : {}),
  });
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    type,
    body: type.includes('json') ? ((await response.json()) as Json) : null,
    bytes: type.includes('pdf') ? new Uint8Array(await response.arrayBuffer()) : null,
  };
}

/** Each visit from an address of its own unless told (the rate limit counts per address: its own test). */
let visits = 0;
const visit = async (
  url: string,
  ip = `198.51.${100 + (Math.floor(visits / 250) % 50)}.${(visits++ % 250) + 1}`,
) => {
  const response = await h.request('GET', url, { headers: { 'x-test-ip': ip } });
  const pdf = response.headers.get('content-type')?.includes('pdf');
  return {
    status: response.status,
    headers: response.headers,
    html: pdf ? '' : await response.text(),
    bytes: pdf ? new Uint8Array(await response.arrayBuffer()) : null,
  };
};

const post = async (url: string, form: Record<string, string>, headers: Record<string, string> = {}) => {
  const response = await h.request('POST', url, {
    body: new URLSearchParams(form),
    headers: {
      'x-test-ip': '198.51.100.7',
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148',
      origin: 'http://localhost:3000',
      ...headers,
    },
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
};

const outbox = () =>
  fs.existsSync(outboxDir)
    ? fs
        .readdirSync(outboxDir)
        .filter((name) => name.endsWith('.eml'))
        .sort()
    : [];
const readMail = (name: string) => fs.readFileSync(path.join(outboxDir, name), 'utf8');

/** The MIME part whose headers match `pattern`, decoded (quoted-printable or base64). */
function part(eml: string, pattern: RegExp): Buffer {
  const boundary = /boundary="?([^"\r\n;]+)"?/.exec(eml)?.[1] ?? '';
  const found = eml.split(`--${boundary}`).find((p) => pattern.test(p.split('\r\n\r\n')[0] ?? '')) ?? '';
  const [head = '', ...rest] = found.split('\r\n\r\n');
  const raw = rest.join('\r\n\r\n');
  if (/base64/i.test(head)) return Buffer.from(raw.replace(/\s+/g, ''), 'base64');
  if (/quoted-printable/i.test(head))
    return Buffer.from(
      raw
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      'latin1',
    );
  return Buffer.from(raw, 'utf8');
}

const linkIn = (text: string) => /http:\/\/localhost:3000\/devis\/([A-Za-z0-9_-]{43})/.exec(text);

const quoteRow = async (companyId: number, id: number) =>
  h.db.withTenant(companyId, async (tx) => {
    const [row] = await tx
      .select()
      .from(quotes)
      .where(and(eq(quotes.companyId, companyId), eq(quotes.id, id)));
    return row!;
  });
const answerRow = async (companyId: number, id: number) =>
  h.db.withTenant(companyId, async (tx) => {
    const [row] = await tx
      .select()
      .from(quoteAnswers)
      .where(and(eq(quoteAnswers.companyId, companyId), eq(quoteAnswers.quoteId, id)));
    return row ?? null;
  });

/** Sends the quote through the API; answers the mail's link token and the mail. */
async function send(quoteId: number, as = token, company = 1, body: unknown = {}) {
  const before = new Set(outbox());
  const sent = await api('POST', `/quotes/${quoteId}/send`, body, as, company);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const added = outbox().filter((name) => !before.has(name));
  expect(added).toHaveLength(1);
  const eml = readMail(added[0]!);
  const text = part(eml, /text\/plain/i).toString('utf8');
  const link = linkIn(text);
  expect(link).not.toBeNull();
  return { token: link![1]!, eml, text, data: sent.body.data as Json };
}

beforeAll(async () => {
  outboxDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bo-quote-sending-')), 'outbox');
  h = await bootHarness({
    config: { outboxDir },
    // Each test's browser says its address (app.request() has no socket to read one from).
    deps: { clientIp: (c) => c.req.header('x-test-ip') ?? 'unknown' },
  });
  token = await h.tokenFor('admin@demo.fr');
  otherToken = await h.tokenFor('admin@autre-demo.fr');
  adminId = await h.userId('admin@demo.fr');
});
afterAll(async () => {
  await h?.close();
  if (outboxDir) fs.rmSync(path.dirname(outboxDir), { recursive: true, force: true });
});

describe('GET …/quotes/{id}/pdf', () => {
  it("answers the quote's PDF; another company's quote is a 404 on /pdf, /mail and /send", async () => {
    const quote = await storeQuote(h, 1, { customerEmail: 'cuisine@example.fr' });
    const pdf = await api('GET', `/quotes/${quote.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    const text = plain(await pdfText(pdf.bytes!, { layout: true }));
    expect(text).toContain(`N° ${quote.number}`);
    expect(text).toContain('Objet : Rénovation de la cuisine');
    expect(text).toContain('Devis gratuit.');
    expect(text).toContain('Option : Mitigeur thermostatique');
    expect(text).toContain(`Total TTC ${plain(formatCents(quote.ttc))}`);
    expect(text).toContain('Assurance décennale');
    expect(text).toContain('Bon pour accord');

    for (const route of [`/quotes/${quote.id}/pdf`, `/quotes/${quote.id}/mail`]) {
      const other = await api('GET', route, undefined, otherToken, 2);
      expect(other.status).toBe(404);
      expect(other.body.error.key).toBe('not_found');
    }
    const before = outbox().length;
    const sent = await api('POST', `/quotes/${quote.id}/send`, {}, otherToken, 2);
    expect(sent.status).toBe(404);
    expect(outbox()).toHaveLength(before);
    expect((await quoteRow(1, quote.id)).status).toBe('draft');
    // A token of company 2 on company 1's path: refused before anything is read.
    expect((await api('GET', `/quotes/${quote.id}/pdf`, undefined, otherToken, 1)).status).toBe(403);
  });
});

describe('sending a quote', () => {
  it('proposes the mail: the customer email, the sender, the subject, the place of the link', async () => {
    const quote = await storeQuote(h, 1, { customerEmail: 'cuisine@example.fr' });
    const { status, body } = await api('GET', `/quotes/${quote.id}/mail`);
    expect(status).toBe(200);
    expect(body.data.draft).toMatchObject({
      to: 'cuisine@example.fr',
      senderEmail: 'contact@martin-renovation.fr',
      subject: `Devis ${quote.number} - Martin Rénovation`,
    });
    expect(body.data.draft.text).toContain(`notre devis ${quote.number}`);
    expect(body.data.draft.text).toContain('{lien}');
  });

  it('puts an .eml in the outbox with the PDF and the link; the quote is sent, its token kept hashed', async () => {
    const quote = await storeQuote(h, 1, { customerEmail: 'cuisine@example.fr' });
    const { token: link, eml, text, data } = await send(quote.id);
    expect(data).toMatchObject({
      id: quote.id,
      number: quote.number,
      status: 'sent',
      to: 'cuisine@example.fr',
    });
    expect(data.attachmentName).toBe(`${quote.number}.pdf`);
    expect(eml).toMatch(/^To: cuisine@example\.fr/m);
    expect(text).toContain(
      `Vous pouvez le consulter et l'accepter en ligne avec ce lien personnel : http://localhost:3000/devis/${link}`,
    );
    expect(text).not.toContain('{lien}');
    const attached = part(eml, new RegExp(`filename="?${quote.number}\\.pdf`));
    expect(attached.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(plain(await pdfText(new Uint8Array(attached)))).toContain(`N° ${quote.number}`);
    // At least 128 bits: 32 random bytes, base64url. Only the SHA-256 is stored.
    expect(Buffer.from(link, 'base64url')).toHaveLength(32);
    const row = await quoteRow(1, quote.id);
    expect(row.status).toBe('sent');
    expect(row.sentAt).not.toBeNull();
    expect(row.acceptanceTokenHash).toBe(createHash('sha256').update(link).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(link);
  });

  it('sends again with a new link: the earlier one stops working', async () => {
    const quote = await storeQuote(h, 1, { customerEmail: 'cuisine@example.fr' });
    const first = await send(quote.id);
    const second = await send(quote.id, token, 1, { text: 'Voici le devis corrigé : {lien}\nCordialement' });
    expect(second.token).not.toBe(first.token);
    expect(second.text).toContain(`Voici le devis corrigé : http://localhost:3000/devis/${second.token}`);
    expect((await visit(`/devis/${first.token}`)).status).toBe(404);
    expect((await visit(`/devis/${second.token}`)).status).toBe(200);
  });

  it('refuses a quote without priced line, one past its validity, one without recipient: nothing sent', async () => {
    const before = outbox().length;
    const empty = await storeQuote(h, 1, {
      customerEmail: 'cuisine@example.fr',
      items: () => [{ kind: 'text', text: 'À chiffrer' }],
    });
    const noLine = await api('POST', `/quotes/${empty.id}/send`, {});
    expect(noLine.status).toBe(422);
    expect(noLine.body.error).toMatchObject({ key: 'validation', fields: { items: 'required' } });
    const old = await storeQuote(h, 1, { customerEmail: 'cuisine@example.fr', validUntil: inDays(-1) });
    const expired = await api('POST', `/quotes/${old.id}/send`, {});
    expect(expired.status).toBe(409);
    expect(expired.body.error.key).toBe('quote_expired');
    const nobody = await storeQuote(h, 1, { customerEmail: '' });
    const missing = await api('POST', `/quotes/${nobody.id}/send`, {});
    expect(missing.status).toBe(422);
    expect(missing.body.error.key).toBe('recipient_missing');
    expect(outbox()).toHaveLength(before);
    for (const q of [empty, old, nobody]) {
      const row = await quoteRow(1, q.id);
      expect(row.status).toBe('draft');
      expect(row.acceptanceTokenHash).toBeNull();
    }
  });
});

describe('the online acceptance', () => {
  it('from the link in the mail: the page, the PDF, the acceptance recorded, the accepted PDF served after', async () => {
    const quote = await storeQuote(h, 1, { customerEmail: 'cuisine@example.fr', ownerUserId: adminId });
    const { token: link } = await send(quote.id);

    const page = await visit(`/devis/${link}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self' 'nonce-");
    // The token is in the path: another site is never told more than the origin.
    expect(page.headers.get('referrer-policy')).toMatch(/^(no-referrer|strict-origin-when-cross-origin)$/);
    expect(page.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page.html).not.toContain('bo-nav-bar');
    const html = plain(page.html);
    expect(html).toContain(`Devis n° ${quote.number}`);
    expect(html).toContain('Martin Rénovation');
    expect(html).toContain(plain(formatCents(quote.ttc)));
    expect(html).toContain(`href="/devis/${link}/pdf"`);
    expect(html).toContain(`action="/devis/${link}/accept"`);
    expect(html).toContain(`action="/devis/${link}/refuse"`);
    expect(html).toContain('name="agree" type="checkbox" value="on"');

    const shown = await visit(`/devis/${link}/pdf`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-disposition')).toMatch(/^inline; filename=/);
    expect((await visit(`/devis/${link}/pdf?download=1`)).headers.get('content-disposition')).toMatch(
      /^attachment; filename=/,
    );

    const accepted = await post(`/devis/${link}/accept`, { name: '  Claire   Dupont ', agree: 'on' });
    expect(accepted.status).toBe(303);
    expect(accepted.location).toBe(`/devis/${link}`);

    const answer = (await answerRow(1, quote.id))!;
    expect(answer).toMatchObject({
      decision: 'accepted',
      channel: 'online',
      signerName: 'Claire Dupont',
      ipAddress: '198.51.100.7',
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148',
    });
    // The PDF accepted is kept byte for byte: its SHA-256 is the one recorded.
    expect(createHash('sha256').update(answer.pdf!).digest('hex')).toBe(answer.pdfSha256);
    expect(plain(await pdfText(answer.pdf!))).toContain(`N° ${quote.number}`);
    expect((await quoteRow(1, quote.id)).status).toBe('accepted');

    // From now on the quote's PDF is the accepted one followed by the « Acceptation électronique » page.
    const after = await api('GET', `/quotes/${quote.id}/pdf`);
    expect(after.status).toBe(200);
    const pages = (await pdfText(after.bytes!)).split('\f').filter((p) => p.trim());
    const acceptedPages = (await PDFDocument.load(answer.pdf!)).getPageCount();
    expect((await PDFDocument.load(after.bytes!)).getPageCount()).toBe(acceptedPages + 1);
    const last = plain(pages.at(-1)!);
    expect(last).toContain('ACCEPTATION ÉLECTRONIQUE');
    expect(last).toContain('Claire Dupont');
    expect(last).toContain('198.51.100.7');
    expect(last).toContain(answer.pdfSha256!);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-accepted-'));
    try {
      fs.writeFileSync(path.join(dir, 'served.pdf'), after.bytes!);
      execFileSync('pdfdetach', ['-saveall', '-o', dir, path.join(dir, 'served.pdf')]);
      const kept = fs.readFileSync(path.join(dir, `devis-${quote.number}-accepte.pdf`));
      expect(Buffer.compare(kept, Buffer.from(answer.pdf!))).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // The customer's link serves the same.
    const customerCopy = await visit(`/devis/${link}/pdf`);
    expect((await PDFDocument.load(customerCopy.bytes!)).getPageCount()).toBe(acceptedPages + 1);

    // The page now says so, and offers no form.
    const done = textOf((await visit(`/devis/${link}`)).html);
    expect(done).toContain('Ce devis a été accepté en ligne');
    expect(done).toContain('par Claire Dupont');
    expect(done).not.toContain('/accept"');

    // The job's owner has it in the bell.
    const bell = await h.request('GET', '/v2/notifications?limit=5', { token });
    const first = ((await bell.json()) as Json).data[0];
    expect(first.title).toBe(`Devis ${quote.number} accepté`);
    expect(first.description).toContain('Claire Dupont a accepté en ligne');
    expect(first.metadata.buttons[0].href).toBe(`/affaires/${quote.jobId}`);

    // A second acceptance, or a refusal after it: a clear page, nothing changed.
    for (const [url, form] of [
      [`/devis/${link}/accept`, { name: "Quelqu'un d'autre", agree: 'on' }],
      [`/devis/${link}/refuse`, { reason: 'Trop cher' }],
    ] as const) {
      const again = await post(url, form);
      expect(again.status).toBe(409);
      expect(textOf(again.html)).toContain('Ce devis a déjà reçu une réponse : il a été accepté ou refusé.');
    }
    const unchanged = (await answerRow(1, quote.id))!;
    expect(unchanged.signerName).toBe('Claire Dupont');
    expect(unchanged.answeredAt).toEqual(answer.answeredAt);
    expect((await quoteRow(1, quote.id)).status).toBe('accepted');
  });

  it('refuses bad input with a clear French page and changes nothing; then a refusal, and no acceptance after it', async () => {
    const quote = await storeQuote(h, 1, { customerEmail: 'cuisine@example.fr' });
    const { token: link } = await send(quote.id);
    const url = `/devis/${link}/accept`;

    const unchecked = await post(url, { name: 'Claire Dupont' });
    expect(unchecked.status).toBe(400);
    expect(textOf(unchecked.html)).toContain('Cochez la case « Bon pour accord » pour accepter le devis.');
    expect(unchecked.html).toContain('value="Claire Dupont"');

    const long = await post(url, { name: 'A'.repeat(10_000), agree: 'on' });
    expect(long.status).toBe(400);
    expect(textOf(long.html)).toContain('Votre nom ne doit pas dépasser 200 caractères.');

    const nameless = await post(url, { name: '   ', agree: 'on' });
    expect(nameless.status).toBe(400);
    expect(textOf(nameless.html)).toContain('Saisissez votre nom et votre prénom');

    const elsewhere = await post(
      url,
      { name: 'Claire Dupont', agree: 'on' },
      { origin: 'https://evil.example' },
    );
    expect(elsewhere.status).toBe(403);
    expect(textOf(elsewhere.html)).toContain('Ce formulaire ne provient pas de ce site.');

    const essay = await post(`/devis/${link}/refuse`, { reason: 'x'.repeat(2_001) });
    expect(essay.status).toBe(400);
    expect(textOf(essay.html)).toContain('Le motif ne doit pas dépasser 2000 caractères.');

    expect(await answerRow(1, quote.id)).toBeNull();
    expect((await quoteRow(1, quote.id)).status).toBe('sent');

    const refused = await post(`/devis/${link}/refuse`, {
      reason: 'Nous avons choisi une autre entreprise.',
    });
    expect(refused.status).toBe(303);
    expect(await answerRow(1, quote.id)).toMatchObject({
      decision: 'refused',
      channel: 'online',
      reason: 'Nous avons choisi une autre entreprise.',
      pdf: null,
    });
    expect((await quoteRow(1, quote.id)).status).toBe('refused');
    const late = await post(url, { name: 'Claire Dupont', agree: 'on' });
    expect(late.status).toBe(409);
    expect((await quoteRow(1, quote.id)).status).toBe('refused');
    expect(textOf((await visit(`/devis/${link}`)).html)).toContain('Ce devis a été refusé');
  });
});

describe('answers at once', () => {
  it('of five acceptances sent together, one is recorded and the others are told it was answered', async () => {
    const quote = await storeQuote(h, 1, { customerEmail: 'cuisine@example.fr' });
    const { token: link } = await send(quote.id);
    const answers = await Promise.all(
      ['Claire Dupont', 'Jean Dupont', 'Paul Martin', 'Léa Petit', 'Marc Roux'].map((name) =>
        post(`/devis/${link}/accept`, { name, agree: 'on' }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409, 409, 409, 409]);
    const answer = (await answerRow(1, quote.id))!;
    expect(answer.decision).toBe('accepted');
    expect(createHash('sha256').update(answer.pdf!).digest('hex')).toBe(answer.pdfSha256);
    expect((await quoteRow(1, quote.id)).status).toBe('accepted');
  });
});

describe('a quote made with the quotes API', () => {
  it('is printed, sent, accepted from its link, and answered as accepted by the API', async () => {
    const stored = await storeQuote(h, 1, { customerEmail: 'cuisine@example.fr' });
    const rates = (await api('GET', '/vat-rates')).body.data as { id: number; basisPoints: number }[];
    const vatRateId = rates.find((r) => r.basisPoints === 1000)!.id;
    const created = await api('POST', '/quotes', {
      businessJobId: stored.jobId,
      title: "Salle d'eau",
      depositBasisPoints: 3000,
      items: [
        {
          kind: 'chapter',
          title: 'Plomberie',
          items: [
            {
              kind: 'priced',
              designation: "Douche à l'italienne",
              unit: 'u',
              quantityMilli: 1_000,
              unitPriceCents: 250_000,
              vatRateId,
            },
            { kind: 'text', text: 'Évacuation des gravats comprise.' },
          ],
        },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const quote = created.body.data as Json;
    const printed = plain(
      await pdfText((await api('GET', `/quotes/${quote.id}/pdf`)).bytes!, { layout: true }),
    );
    expect(printed).toContain(`N° ${quote.number}`);
    expect(printed).toContain('1. Plomberie');
    expect(printed).toContain('Évacuation des gravats comprise.');
    expect(printed).toContain(`Total TTC ${plain(formatCents(quote.amounts.ttc))}`);
    const { token: link } = await send(quote.id);
    expect((await post(`/devis/${link}/accept`, { name: 'Jean Dupont', agree: 'on' })).status).toBe(303);
    const detail = await api('GET', `/quotes/${quote.id}`);
    expect(detail.body.data.status).toBe('accepted');
    expect(detail.body.data.answer).toMatchObject({
      decision: 'accepted',
      channel: 'online',
      signerName: 'Jean Dupont',
    });
  });
});

describe('tokens that do not open the quote', () => {
  it('answer the same « Page introuvable » and change nothing: unknown, truncated, altered, expired, superseded', async () => {
    const quote = await storeQuote(h, 1, { customerEmail: 'cuisine@example.fr' });
    const { token: link } = await send(quote.id);
    const main = (html: string) => /<main>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
    const unknown = await visit(`/devis/${randomBytes(32).toString('base64url')}`);
    expect(unknown.status).toBe(404);
    expect(main(unknown.html)).toContain('Page introuvable');
    const flipped = `${link.slice(0, -1)}${link.endsWith('A') ? 'B' : 'A'}`;
    for (const variant of [
      link.slice(0, 42),
      link.slice(0, 22),
      `${link}x`,
      flipped,
      link.toUpperCase(),
      '..%2F..',
      '',
    ])
      for (const suffix of ['', '/pdf']) {
        const page = await visit(`/devis/${variant}${suffix}`);
        expect(page.status, `${variant}${suffix}`).toBe(404);
        if (variant) expect(main(page.html)).toBe(main(unknown.html));
      }
    for (const variant of [link.slice(0, 42), flipped]) {
      const tried = await post(`/devis/${variant}/accept`, { name: 'Claire Dupont', agree: 'on' });
      expect(tried.status).toBe(404);
    }
    expect(await answerRow(1, quote.id)).toBeNull();

    // Past its validity date (France), the link is gone too.
    await h.db.withTenant(1, (tx) =>
      tx
        .update(quotes)
        .set({ validUntil: inDays(-1) })
        .where(eq(quotes.id, quote.id)),
    );
    const expired = await visit(`/devis/${link}`);
    expect(expired.status).toBe(404);
    expect(main(expired.html)).toBe(main(unknown.html));
    expect((await post(`/devis/${link}/accept`, { name: 'Claire Dupont', agree: 'on' })).status).toBe(404);
    // An earlier revision's link, once a newer one exists.
    await h.db.withTenant(1, (tx) =>
      tx
        .update(quotes)
        .set({ validUntil: inDays(10), latest: false })
        .where(eq(quotes.id, quote.id)),
    );
    expect((await visit(`/devis/${link}`)).status).toBe(404);
    expect(await answerRow(1, quote.id)).toBeNull();
    expect((await quoteRow(1, quote.id)).status).toBe('sent');
  });

  it("each company's link shows its own quote only", async () => {
    const mine = await storeQuote(h, 1, { customerEmail: 'cuisine@example.fr' });
    const theirs = await storeQuote(h, 2, { customerEmail: 'client@autre.example' });
    const { token: myLink } = await send(mine.id);
    const { token: theirLink } = await send(theirs.id, otherToken, 2);
    const page = plain((await visit(`/devis/${theirLink}`)).html);
    expect(page).toContain(theirs.number);
    expect(page).toContain('Bâtiments Durand');
    expect(page).not.toContain('Martin Rénovation');
    expect(page).not.toContain(mine.number);
    const pdf = plain(await pdfText((await visit(`/devis/${theirLink}/pdf`)).bytes!));
    expect(pdf).not.toContain('Martin Rénovation');
    // Company 2's token does not open company 1's quote, whatever the id.
    expect((await visit(`/devis/${myLink}`)).html).not.toContain('Bâtiments Durand');
  });
});

describe('the rate limit', () => {
  it(`answers 429 past ${quoteLinkLimits.address.limit} requests a minute from one address`, async () => {
    const ip = '203.0.113.99';
    for (let i = 0; i < quoteLinkLimits.address.limit; i++)
      expect((await visit(`/devis/${randomBytes(32).toString('base64url')}`, ip)).status).toBe(404);
    const over = await visit(`/devis/${randomBytes(32).toString('base64url')}`, ip);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(textOf(over.html)).toContain('Trop de tentatives.');
    // Another address is not held back.
    expect((await visit(`/devis/${randomBytes(32).toString('base64url')}`, '203.0.113.100')).status).toBe(
      404,
    );
  });
});
