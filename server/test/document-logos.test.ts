/**
 * The documents' logos and the general document settings as the preferences pages use them
 * (issue 12): the footer logo's upload rules, serving headers and removal, both logos drawn in the
 * invoice PDF, and numbering kept for administrators while any member saves the precisions.
 */
import { and, eq } from 'drizzle-orm';
import { PDFDocument, PDFName, type PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logoRules } from '../../src/contract/preferences.js';
import { customers, users, vatRates } from '../src/db/schema.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let admin: string;
let user: string;
beforeAll(async () => {
  h = await bootHarness();
  admin = await h.tokenFor('admin@demo.fr');
  user = await h.tokenFor('user@demo.fr');
});
afterAll(() => h.close());

const base = '/v2/companies/1';
/** A real 1 × 1 PNG (pdf-lib must be able to embed it). */
const pixel = () =>
  new Uint8Array(
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    ),
  );
const upload = (path: string, bytes: Uint8Array, type: string, token = user) =>
  h.apps.platform.request(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    body: bytes,
  });
type Logos = { logo: string | null; footerLogo: string | null };
const logos = async () =>
  ((await (await h.request('GET', `${base}/settings/logos`, { token: user })).json()) as { data: Logos })
    .data;

/** The number of images the invoice's PDF embeds. */
async function pdfImages(invoiceId: number) {
  const response = await h.request('GET', `${base}/invoices/${invoiceId}/pdf`, { token: admin });
  expect(response.status).toBe(200);
  const pdf = await PDFDocument.load(new Uint8Array(await response.arrayBuffer()));
  let count = 0;
  for (const [, object] of pdf.context.enumerateIndirectObjects())
    if ('dict' in object && String((object as PDFRawStream).dict.get(PDFName.of('Subtype'))) === '/Image')
      count++;
  return count;
}

/**
 * A simple invoice of the company's first customer, validated now: a validated invoice prints the
 * logos of its validation (frozen then), so each state of the logos is seen on a new one.
 */
async function issueInvoice(): Promise<number> {
  const [customer] = await h.db.owner
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.companyId, 1))
    .orderBy(customers.id)
    .limit(1);
  const [rate] = await h.db.owner
    .select({ id: vatRates.id })
    .from(vatRates)
    .where(and(eq(vatRates.companyId, 1), eq(vatRates.rateBasisPoints, 2000)))
    .limit(1);
  const created = await h.request('POST', `${base}/invoices`, {
    token: admin,
    json: {
      kind: 'simple',
      customerId: customer!.id,
      lines: [
        {
          chapter: '',
          label: 'Pose',
          unit: 'u',
          quantityMilli: 1000,
          unitPriceCents: 10_000,
          vatRateId: rate!.id,
        },
      ],
    },
  });
  expect(created.status).toBe(200);
  const draft = ((await created.json()) as { data: { id: number; version: number } }).data;
  const validated = await h.request('POST', `${base}/invoices/${draft.id}/validate`, {
    token: admin,
    json: { version: draft.version },
  });
  expect(validated.status).toBe(200);
  return draft.id;
}

describe('footer logo', () => {
  it('any member uploads it: its address is listed, the bytes come back with safe headers', async () => {
    expect(await logos()).toEqual({ logo: null, footerLogo: null });
    const response = await upload('/footer-logo', pixel(), 'image/png');
    expect(response.status).toBe(200);
    const { footerLogo } = ((await response.json()) as { data: Logos }).data;
    expect(footerLogo).toMatch(/^\/v2\/companies\/1\/footer-logo\?v=\d+$/);
    expect((await logos()).footerLogo).toBe(footerLogo);
    const served = await h.request('GET', footerLogo!, { token: admin });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(pixel());
    // The company logo is another file: the footer one does not replace it.
    expect((await logos()).logo).toBeNull();
  });

  it('the same size and type rules as the company logo: 413 and 415, the stored one stays', async () => {
    const before = (await logos()).footerLogo;
    const big = new Uint8Array(logoRules.maxBytes + 1);
    big.set(pixel());
    const tooLarge = await upload('/footer-logo', big, 'image/png');
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ error: { key: 'file_too_large' } });
    const page = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    for (const [bytes, type] of [
      [page, 'image/png'],
      [page, 'text/html'],
      [pixel(), 'image/svg+xml'],
    ] as const) {
      const refused = await upload('/footer-logo', bytes, type);
      expect(refused.status, type).toBe(415);
      expect(await refused.json()).toEqual({ error: { key: 'unsupported_file_format' } });
    }
    expect((await logos()).footerLogo).toBe(before);
  });

  it('an SVG footer logo is stored but never served inline', async () => {
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect((await upload('/footer-logo', svg, 'image/svg+xml')).status).toBe(200);
    const served = await h.request('GET', `${base}/footer-logo`, { token: user });
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(served.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
  });

  it('the invoice PDF draws the header and the footer logos; a removed footer logo is gone', async () => {
    const before = await issueInvoice();
    expect(await pdfImages(before)).toBe(0);
    expect((await upload('/footer-logo', pixel(), 'image/png')).status).toBe(200);
    const withFooter = await issueInvoice();
    const footerOnly = await pdfImages(withFooter);
    expect(footerOnly).toBeGreaterThan(0);
    expect((await upload('/logo', pixel(), 'image/png', admin)).status).toBe(200);
    const withBoth = await issueInvoice();
    const both = await pdfImages(withBoth);
    expect(both).toBeGreaterThan(footerOnly);
    const removed = await h.request('POST', `${base}/footer-logo/delete`, { token: user });
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as { data: Logos }).data.footerLogo).toBeNull();
    expect((await h.request('GET', `${base}/footer-logo`, { token: user })).status).toBe(404);
    expect(await pdfImages(await issueInvoice())).toBe(footerOnly);
    // Each invoice keeps the logos it was issued with, whatever was uploaded or removed since.
    expect(await pdfImages(before)).toBe(0);
    expect(await pdfImages(withFooter)).toBe(footerOnly);
    expect(await pdfImages(withBoth)).toBe(both);
  });
});

describe('general document settings', () => {
  const read = async () =>
    (
      (await (await h.request('GET', `${base}/settings/documents`, { token: user })).json()) as {
        data: Record<string, unknown> & { version: number };
      }
    ).data;

  it('a member saves the precisions; numbering stays the administrators’ (403, nothing changed)', async () => {
    const before = await read();
    const precisions = await h.request('POST', `${base}/settings/documents/edit`, {
      token: user,
      json: { version: before.version, documentsPerPage: 50, quantityPrecision: 3, unitPricePrecision: 4 },
    });
    expect(precisions.status).toBe(200);
    const saved = await read();
    expect(saved).toMatchObject({ documentsPerPage: 50, quantityPrecision: 3, unitPricePrecision: 4 });
    const numbering = await h.request('POST', `${base}/settings/documents/edit`, {
      token: user,
      json: { version: saved.version, quantityPrecision: 2, invoiceNumberFormat: 'X-{NNN}' },
    });
    expect(numbering.status).toBe(403);
    expect(await numbering.json()).toEqual({ error: { key: 'admin_required' } });
    expect(await read()).toEqual(saved);
  });

  it('an administrator whose right was just withdrawn cannot change numbering any more', async () => {
    const token = await h.tokenFor('admin@demo.fr');
    const before = await read();
    // The token was confirmed a moment ago (and may be remembered): the right is asked again.
    expect((await h.request('GET', `${base}/settings/documents`, { token })).status).toBe(200);
    const adminId = await h.userId('admin@demo.fr');
    await h.db.owner.update(users).set({ admin: false }).where(eq(users.id, adminId));
    try {
      const response = await h.request('POST', `${base}/settings/documents/edit`, {
        token,
        json: { version: before.version, invoiceNumberFormat: 'X-{NNN}' },
      });
      expect(response.status).toBe(403);
    } finally {
      await h.db.owner.update(users).set({ admin: true }).where(eq(users.id, adminId));
    }
    expect((await read()).invoiceNumberFormat).toBe(before.invoiceNumberFormat);
  });
});
