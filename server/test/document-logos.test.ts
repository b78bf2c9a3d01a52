/**
 * The documents' logos and the general document settings as the preferences pages use them
 * (issue 12): the footer logo's upload rules, serving headers and removal, both logos drawn in the
 * invoice PDF, and numbering kept for administrators while any member saves the precisions.
 * Issue 19: image bombs refused from their header (413/415), logos stored reduced to their box,
 * the footer logo an administrator's, and stored rows from before checked again before printing.
 */
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { PDFDocument, PDFName, type PDFNumber, type PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logoRules } from '../../src/contract/preferences.js';
import { companyFiles, customers, invoices, users, vatRates } from '../src/db/schema.js';
import { readImageHeader } from '../src/preferences/image-header.js';
import { logoBoxes } from '../src/preferences/logo.js';
import { bootHarness, type Harness } from './support/harness.js';
import { gifHeader, jpegHeader, pngBomb, realImage } from './support/images.js';

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
const upload = (path: string, bytes: Uint8Array, type: string, token = admin) =>
  h.apps.platform.request(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    body: bytes,
  });
type Logos = { logo: string | null; footerLogo: string | null };
const logos = async () =>
  ((await (await h.request('GET', `${base}/settings/logos`, { token: user })).json()) as { data: Logos })
    .data;

/** The images the invoice's PDF embeds, each with its size in pixels. */
async function pdfImageSizes(invoiceId: number) {
  const response = await h.request('GET', `${base}/invoices/${invoiceId}/pdf`, { token: admin });
  expect(response.status).toBe(200);
  const pdf = await PDFDocument.load(new Uint8Array(await response.arrayBuffer()));
  const sizes: { width: number; height: number }[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!('dict' in object)) continue;
    const dict = (object as PDFRawStream).dict;
    // An image with transparency has a second one, its mask (SMask): count the images drawn.
    if (String(dict.get(PDFName.of('Subtype'))) !== '/Image' || isMask(pdf, object as PDFRawStream)) continue;
    const number = (name: string) => (dict.get(PDFName.of(name)) as PDFNumber).asNumber();
    sizes.push({ width: number('Width'), height: number('Height') });
  }
  return sizes;
}

function isMask(pdf: PDFDocument, image: PDFRawStream) {
  for (const [, object] of pdf.context.enumerateIndirectObjects())
    if (
      'dict' in object &&
      (object as PDFRawStream).dict.get(PDFName.of('SMask')) === pdf.context.getObjectRef(image)
    )
      return true;
  return false;
}

/** The number of images the invoice's PDF embeds. */
const pdfImages = async (invoiceId: number) => (await pdfImageSizes(invoiceId)).length;

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
  it('an administrator uploads it: its address is listed, the bytes come back with safe headers', async () => {
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
    // Stored as made for the documents (re-encoded, its metadata dropped): still a 1 × 1 PNG.
    expect(readImageHeader(new Uint8Array(await served.arrayBuffer()))).toEqual({
      type: 'image/png',
      width: 1,
      height: 1,
    });
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
    const removed = await h.request('POST', `${base}/footer-logo/delete`, { token: admin });
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

describe('image bombs and the size a document needs (issue 19)', () => {
  const storedFile = async (purpose: 'logo' | 'footer-logo') => {
    const [file] = await h.db.owner
      .select({ contentType: companyFiles.contentType, bytes: companyFiles.bytes })
      .from(companyFiles)
      .where(and(eq(companyFiles.companyId, 1), eq(companyFiles.purpose, purpose)));
    return file ?? null;
  };
  // The French sentence of each key is the client's (src/i18n/serverErrors.test.ts checks them).
  const refusedWith = async (response: Response, status: number, key: string, _sentence: string) => {
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error: { key } });
  };
  const tooLarge = 'Ce fichier est trop volumineux.';
  const unsupported = "Ce format de fichier n'est pas supporté.";

  it('the 69-byte PNG declaring 30 000 × 30 000 px: 413 « Ce fichier est trop volumineux. », nothing stored', async () => {
    const before = await logos();
    const bomb = pngBomb();
    expect(bomb.byteLength).toBe(69);
    await refusedWith(await upload('/footer-logo', bomb, 'image/png'), 413, 'file_too_large', tooLarge);
    await refusedWith(await upload('/logo', bomb, 'image/png'), 413, 'file_too_large', tooLarge);
    await refusedWith(
      await upload('/footer-logo', jpegHeader(60_000, 50_000), 'image/jpeg'),
      413,
      'file_too_large',
      tooLarge,
    );
    await refusedWith(
      await upload('/logo', gifHeader(40_000, 2), 'image/gif'),
      413,
      'file_too_large',
      tooLarge,
    );
    expect(await logos()).toEqual(before);
  });

  it('not an image, or an image whose header cannot be read: 415 « Ce format de fichier n’est pas supporté »', async () => {
    const before = await logos();
    const text = new TextEncoder().encode('Devis n° 12 — pas une image');
    await refusedWith(
      await upload('/footer-logo', text, 'image/png'),
      415,
      'unsupported_file_format',
      unsupported,
    );
    await refusedWith(await upload('/logo', text, 'text/plain'), 415, 'unsupported_file_format', unsupported);
    await refusedWith(
      await upload('/footer-logo', pngBomb().subarray(0, 20), 'image/png'),
      415,
      'unsupported_file_format',
      unsupported,
    );
    // A header within the limits over data that does not decode.
    await refusedWith(
      await upload('/logo', pngBomb(200, 100), 'image/png'),
      415,
      'unsupported_file_format',
      unsupported,
    );
    expect(await logos()).toEqual(before);
  });

  it('a normal logo is accepted and stored reduced to the box its document prints it in', async () => {
    const footer = await upload('/footer-logo', await realImage('png', 2000, 700), 'image/png');
    expect(footer.status).toBe(200);
    const storedFooter = await storedFile('footer-logo');
    // Footer box 375 × 109 px (90 × 26 points at 300 dpi): 2000 × 700 becomes 311 × 109.
    expect(readImageHeader(storedFooter!.bytes)).toEqual({ type: 'image/png', width: 311, height: 109 });
    expect(logoBoxes['footer-logo']).toEqual({ width: 375, height: 109 });

    const header = await upload('/logo', await realImage('jpeg', 3000, 1500), 'image/jpeg');
    expect(header.status).toBe(200);
    const storedHeader = await storedFile('logo');
    // Header box 667 × 234 px (160 × 56 points at 300 dpi): 3000 × 1500 becomes 468 × 234.
    expect(storedHeader!.contentType).toBe('image/jpeg');
    expect(readImageHeader(storedHeader!.bytes)).toEqual({ type: 'image/jpeg', width: 468, height: 234 });

    // A GIF is stored as a PNG, which the PDF can print.
    expect((await upload('/footer-logo', await realImage('gif', 90, 30), 'image/gif')).status).toBe(200);
    const gif = await storedFile('footer-logo');
    expect(gif!.contentType).toBe('image/png');
    expect(readImageHeader(gif!.bytes)).toEqual({ type: 'image/png', width: 90, height: 30 });
  });

  it('the footer logo is on every invoice: a member who is not an administrator neither changes nor removes it (403)', async () => {
    const before = await logos();
    const refused = await upload('/footer-logo', pixel(), 'image/png', user);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: { key: 'admin_required' } });
    const removal = await h.request('POST', `${base}/footer-logo/delete`, { token: user });
    expect(removal.status).toBe(403);
    expect(await logos()).toEqual(before);
    // Reading it stays open to every member.
    expect((await h.request('GET', `${base}/settings/logos`, { token: user })).status).toBe(200);
  });

  it('fuzz: any bytes, or a real image cut or corrupted, answer 200, 413 or 415, never a server error', async () => {
    const seeds = [
      pngBomb(),
      pngBomb(300, 200),
      jpegHeader(300, 200),
      gifHeader(300, 200),
      await realImage('png', 40, 20),
      await realImage('jpeg', 40, 20),
      await realImage('gif', 40, 20),
      await realImage('webp', 40, 20),
    ];
    const mangled = fc
      .tuple(
        fc.constantFrom(...seeds),
        fc.nat(),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 6 }),
      )
      .map(([seed, cut, flips]) => {
        const bytes = seed.slice(0, Math.max(8, cut % (seed.length + 1)));
        // The signature kept (else it is only a 415), the rest corrupted.
        for (const [at, value] of flips) bytes[8 + (at % Math.max(1, bytes.length - 8))] = value;
        return bytes;
      });
    const typeOf = (bytes: Uint8Array) =>
      bytes[0] === 0x89
        ? 'image/png'
        : bytes[0] === 0xff
          ? 'image/jpeg'
          : bytes[0] === 0x47
            ? 'image/gif'
            : 'image/webp';
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.uint8Array({ maxLength: 64 }), mangled), async (bytes) => {
        const response = await upload('/footer-logo', bytes, typeOf(bytes));
        expect([200, 413, 415]).toContain(response.status);
      }),
      { numRuns: 60 },
    );
  });

  it('a logo stored before the checks is read again before printing: a bomb is left out, a large one reduced', async () => {
    const [draft] = await h.db.owner
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.companyId, 1), eq(invoices.status, 'PROVISOIRE')))
      .limit(1);
    const store = async (purpose: 'logo' | 'footer-logo', bytes: Uint8Array) => {
      await h.db.owner
        .delete(companyFiles)
        .where(and(eq(companyFiles.companyId, 1), eq(companyFiles.purpose, purpose)));
      await h.db.owner
        .insert(companyFiles)
        .values({ companyId: 1, purpose, contentType: 'image/png', bytes });
    };
    // Rows written straight to the table, as the upload stored them before issue 19.
    await store('footer-logo', pngBomb());
    await store('logo', await realImage('png', 2000, 700));
    const sizes = await pdfImageSizes(draft!.id);
    // The bomb is left out (the draft still prints); the large logo is drawn reduced to its box.
    expect(sizes).toEqual([{ width: 667, height: 233 }]);
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
