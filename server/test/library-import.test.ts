/**
 * Importing a supplier's price list (issue 22, « Imports »): CSV in UTF-8 and Windows-1252, with
 * ; , or tab, French decimals, XLSX; the preview's mapping, lines and errors in French; bad files
 * (not a CSV, over 20 Mo, over 200 000 lines, formula cells, empty lines, a missing designation);
 * existing codes updated; nothing written when the import fails half-way; another company's
 * library neither seen nor written; the starter library into an empty library only.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRules } from '../../src/contract/libraryImport.js';
import { planImport, runImport } from '../src/library/import.js';
import { readImportFile } from '../src/library/import-file.js';
import { companyApi, type Json } from './support/company-api.js';
import { bootHarness, type Harness } from './support/harness.js';
import { xlsxOf } from './support/xlsx.js';

let h: Harness;
let user1: string;
let admin2: string;
beforeAll(async () => {
  h = await bootHarness();
  user1 = await h.tokenFor('user@demo.fr');
  admin2 = await h.tokenFor('admin@autre-demo.fr');
});
afterAll(() => h.close());

const api = companyApi(
  () => h,
  () => user1,
);

const mapping = { code: 0, designation: 1, unit: 2, price: 3, family: 4 };

/** POSTs the file (and the mapping, when given) as the dialog does. */
async function send(
  path: '/library/imports/preview' | '/library/imports',
  bytes: Uint8Array | string,
  { map, token = user1, company = 1 }: { map?: unknown; token?: string; company?: number } = {},
) {
  const form = new FormData();
  form.append(
    'file',
    new File([typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes], 'tarif.csv'),
  );
  if (map !== undefined) form.append('mapping', typeof map === 'string' ? map : JSON.stringify(map));
  const response = await h.request('POST', `/v2/companies/${company}${path}`, { token, body: form });
  return { status: response.status, body: (await response.json()) as Json };
}
const preview = (bytes: Uint8Array | string, options?: Parameters<typeof send>[2]) =>
  send('/library/imports/preview', bytes, options);
const importFile = (bytes: Uint8Array | string, options: Parameters<typeof send>[2] = {}) =>
  send('/library/imports', bytes, { map: mapping, ...options });

/** Windows-1252 bytes of a text (Latin-1, and the few characters Windows puts in 0x80–0x9F). */
const windows1252 = (text: string) =>
  Uint8Array.from(
    [...text].map((char) => ({ '€': 0x80, œ: 0x9c, Œ: 0x8c, "'": 0x92 })[char] ?? char.charCodeAt(0)),
  );

const byCode = async (code: string, company = 1, token = user1) => {
  const { body } = await api(
    'GET',
    `/library/items?q=${encodeURIComponent(code)}&sort=code`,
    undefined,
    token,
    company,
  );
  return (body.data as Json[]).find((item) => item.code === code);
};

const itemCount = async (company = 1) => {
  const rows = (await h.db.owner.execute(
    sql`select count(*)::int as n from library_items where company_id = ${company}`,
  )) as unknown as { rows: { n: number }[] };
  return rows.rows[0]!.n;
};

describe('reading price lists', () => {
  it('previews a UTF-8 CSV with BOM and semicolons: the columns, a suggested mapping, the first lines in French decimals', async () => {
    const csv =
      '\ufeffRéférence;Désignation;Unité;Prix HT;Famille\r\nVIS-440;Vis à bois 4 × 40;boîte;12,50;Quincaillerie\r\nCHE-08;Cheville « nylon » 8 mm;sachet;3,4;Quincaillerie\r\n';
    const { status, body } = await preview(csv);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({
      format: 'csv',
      encoding: 'utf-8',
      separator: ';',
      columns: ['Référence', 'Désignation', 'Unité', 'Prix HT', 'Famille'],
      mapping,
      missing: [],
      lines: 2,
      counts: { create: 2, update: 0, rejected: 0 },
      errors: [],
    });
    expect(body.data.rows[0]).toEqual({
      line: 2,
      values: {
        code: 'VIS-440',
        designation: 'Vis à bois 4 × 40',
        unit: 'boîte',
        price: '12,50',
        family: 'Quincaillerie',
      },
      priceCents: 1250,
      action: 'create',
      errors: [],
    });
    expect(body.data.rows[1].priceCents).toBe(340);
    // The preview wrote nothing.
    expect(await byCode('VIS-440')).toBeUndefined();
  });

  it('reads Windows-1252 (what Excel writes on a French Windows) as such', async () => {
    const bytes = windows1252(
      'Code;Désignation;Unité;Prix;Famille\nPLA-999;Plâtre à enduire « spécial » œuvre;sac;9,90 €;Plâtrerie\n',
    );
    const { body } = await preview(bytes);
    expect(body.data.encoding).toBe('windows-1252');
    expect(body.data.rows[0].values.designation).toBe('Plâtre à enduire « spécial » œuvre');
    expect(body.data.rows[0].priceCents).toBe(990);
  });

  it('reads commas with quoted cells, and tabs', async () => {
    const comma = await preview('code,designation,unite,prix\n"A-1","Tube, cuivre Ø 14",ml,"9.80"\n');
    expect(comma.body.data).toMatchObject({
      separator: ',',
      mapping: { code: 0, designation: 1, unit: 2, price: 3, family: null },
    });
    expect(comma.body.data.rows[0]).toMatchObject({
      values: { designation: 'Tube, cuivre Ø 14' },
      priceCents: 980,
    });
    const tab = await preview('Code\tLibellé\tTarif\nB-2\tColle\t1 234,5\n');
    expect(tab.body.data).toMatchObject({ separator: '\t', mapping: { code: 0, designation: 1, price: 2 } });
    expect(tab.body.data.rows[0].priceCents).toBe(123450);
  });

  it('reads an XLSX workbook: numbers as numbers, text as text', async () => {
    const workbook = xlsxOf([
      ['Code', 'Désignation', 'Unité', 'Prix', 'Famille'],
      ['XL-1', 'Carrelage 60 × 60', 'm²', 32.4, 'Carrelage'],
      ['XL-2', 'Vis inox', 'u', 0.0345, null],
    ]);
    const { status, body } = await preview(workbook);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ format: 'xlsx', encoding: null, separator: null, mapping });
    expect(body.data.rows.map((row: Json) => row.priceCents)).toEqual([3240, 3]);
  });

  it('shows the lines when a required column has no match, and says which', async () => {
    const { status, body } = await preview('Colonne A;Colonne B\nx;y\n');
    expect(status).toBe(200);
    expect(body.data.missing).toEqual(['code', 'designation', 'price']);
    expect(body.data.rows[0]).toMatchObject({ values: { code: null }, action: null, errors: [] });
  });

  it('refuses a mapping past the columns, and an import without a mapping', async () => {
    const past = await preview('Code;Désignation;Prix\nA;B;1\n', { map: { ...mapping, family: 9 } });
    expect(past).toMatchObject({
      status: 422,
      body: { error: { key: 'validation', fields: { 'mapping.family': 'invalid' } } },
    });
    const none = await send('/library/imports', 'Code;Désignation;Prix\nA;B;1\n');
    expect(none.body.error).toEqual({ key: 'validation', fields: { mapping: 'required' } });
    const bad = await preview('Code;Désignation;Prix\nA;B;1\n', { map: '{not json' });
    expect(bad.body.error).toEqual({ key: 'validation', fields: { mapping: 'invalid' } });
  });
});

describe('bad files get a clear answer', () => {
  it('not a CSV: a PDF, an image, an .xls', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.7\n%\u0000\u0001\u0002 binary\n');
    expect((await preview(pdf)).body.error.key).toBe('import_file_unreadable');
    const xls = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    const answer = await preview(xls);
    expect(answer).toMatchObject({ status: 422, body: { error: { key: 'import_file_unreadable' } } });
    const zip = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]);
    expect((await preview(zip)).body.error.key).toBe('import_file_unreadable');
  });

  it('an empty file, or a header alone', async () => {
    expect((await preview('')).body.error.key).toBe('import_file_empty');
    expect((await preview('Code;Désignation;Prix\n\n;;\n')).body.error.key).toBe('import_file_empty');
  });

  it('over 20 Mo: 413 import_file_too_large, nothing imported', async () => {
    const big = new Uint8Array(importRules.maxBytes + 1).fill(0x41);
    const { status, body } = await importFile(big);
    expect(status).toBe(413);
    expect(body.error.key).toBe('import_file_too_large');
  });

  it("the 20 Mo limit is these routes' alone: another route keeps its 1 MiB", async () => {
    const response = await h.request('POST', '/v2/companies/1/library/items', {
      token: user1,
      body: JSON.stringify({ kind: 'supply', designation: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as Json).error.key).toBe('payload_too_large');
  });

  it('over 200 000 lines: 422 import_too_many_lines; 200 000 lines read', async () => {
    const lines = (n: number) => `Code;Désignation;Prix\n${'A;B;1\n'.repeat(n)}`;
    const over = await readImportFile(new TextEncoder().encode(lines(importRules.maxLines + 1)));
    expect(over).toEqual({ ok: false, key: 'import_too_many_lines' });
    const exactly = await readImportFile(new TextEncoder().encode(lines(importRules.maxLines)));
    expect(exactly.ok && exactly.table.rows.length).toBe(importRules.maxLines);
    const { status, body } = await preview(lines(importRules.maxLines + 1));
    expect(status).toBe(422);
    expect(body.error.key).toBe('import_too_many_lines');
  });

  it('formula cells, empty lines, a missing designation or code, a price that is not a number: errors per line', async () => {
    const csv = [
      'Code;Désignation;Unité;Prix;Famille',
      'F-1;=HYPERLINK("http://x");u;1;',
      '',
      ';;;;',
      'F-2;;u;2;',
      '@F-3;Vis;u;3;',
      'F-4;Vis;u;douze;',
      ';Sans code;u;4;',
      'F-5;Négatif;u;-5;',
      'F-6;Bonne ligne;u;6;',
    ].join('\n');
    const { body } = await preview(csv);
    expect(body.data.lines).toBe(7);
    expect(body.data.counts).toEqual({ create: 1, update: 0, rejected: 6 });
    expect(body.data.errors).toEqual([
      {
        line: 2,
        field: 'designation',
        message:
          "La cellule Désignation commence par « = » : une formule n'est pas importée (retirez ce caractère).",
      },
      { line: 5, field: 'designation', message: 'Désignation manquante.' },
      {
        line: 6,
        field: 'code',
        message:
          "La cellule Code commence par « @ » : une formule n'est pas importée (retirez ce caractère).",
      },
      {
        line: 7,
        field: 'price',
        message: 'Prix « douze » illisible : écrivez un nombre, par exemple 12,50.',
      },
      {
        line: 8,
        field: 'code',
        message: "Code manquant : il sert à retrouver l'article lors d'un prochain import.",
      },
      { line: 9, field: 'price', message: 'Le prix ne peut pas être négatif.' },
    ]);
    // The empty lines are skipped: line 3 and 4 appear nowhere.
    expect(body.data.rows.map((row: Json) => row.line)).toEqual([2, 5, 6, 7, 8, 9, 10]);
    const imported = await importFile(csv);
    expect(imported.body.data).toMatchObject({ created: 1, updated: 0, rejected: 6 });
    expect(await byCode('F-6')).toMatchObject({ designation: 'Bonne ligne', unitCostCents: 600 });
    expect(await byCode('F-1')).toBeUndefined();
  });
});

describe('importing', () => {
  it('creates new codes as supplies with their family, then updates them on a new import', async () => {
    const first = await importFile(
      'Code;Désignation;Unité;Prix;Famille\nUP-1;Rail R48;ml;1,35;Ossatures\nUP-2;Montant M48;ml;1,65;ossatures\nUP-3;Vis TTPC;boîte;14;\n',
    );
    expect(first.body.data).toEqual({ created: 3, updated: 0, unchanged: 0, rejected: 0, errors: [] });
    const rail = await byCode('UP-1');
    expect(rail).toMatchObject({
      kind: 'supply',
      designation: 'Rail R48',
      unit: 'ml',
      unitCostCents: 135,
      version: 1,
    });
    // One family, found again without accents or case.
    expect((await byCode('UP-2')).familyId).toBe(rail.familyId);
    const families = (await api('GET', '/library/families')).body.data as Json[];
    expect(families.filter((f) => f.name === 'Ossatures')).toHaveLength(1);

    // Same codes (another case): updated; the unchanged line is counted apart; a new one created.
    const second = await importFile(
      'Code;Désignation;Unité;Prix;Famille\nup-1;Rail R48 (3 m);ml;1,42;\nUP-2;Montant M48;ml;1,65;Ossatures\nUP-4;Fourrure F530;ml;1,20;\n',
    );
    expect(second.body.data).toMatchObject({ created: 1, updated: 1, unchanged: 1, rejected: 0 });
    expect(await byCode('UP-1')).toMatchObject({
      designation: 'Rail R48 (3 m)',
      unitCostCents: 142,
      familyId: rail.familyId,
      version: 2,
    });
    expect((await byCode('UP-2')).version).toBe(1);
  });

  it('refuses a code twice in the file, and the code of a work', async () => {
    const supply = await api('POST', '/library/items', {
      kind: 'supply',
      code: 'W-S',
      designation: 'Sable',
      unitCostCents: 100,
    });
    await api('POST', '/library/items', {
      kind: 'work',
      code: 'W-1',
      designation: 'Ouvrage',
      components: [{ itemId: supply.body.data.id, quantityMilli: 1000 }],
    });
    const { body } = await importFile(
      'Code;Désignation;Unité;Prix;Famille\nD-1;A;u;1;\nd-1;B;u;2;\nW-1;Ouvrage;u;3;\n',
    );
    expect(body.data).toMatchObject({ created: 1, rejected: 2 });
    expect(body.data.errors.map((e: Json) => e.message)).toEqual([
      'Le code « d-1 » figure déjà ligne 2 : une seule ligne par code.',
      "Le code « W-1 » est celui d'un ouvrage : son prix vient de sa composition, un import ne le change pas.",
    ]);
  });

  it('writes nothing when the import fails half-way (one transaction)', async () => {
    const before = await itemCount();
    const csv = `Code;Désignation;Prix\n${Array.from({ length: 30 }, (_, i) => `TX-${i};Article ${i};1`).join('\n')}\n`;
    const read = await readImportFile(new TextEncoder().encode(csv));
    if (!read.ok) throw new Error('unreadable');
    const failing = h.db.withTenant(1, async (tx) => {
      const plan = await planImport(tx, 1, read.table, {
        code: 0,
        designation: 1,
        unit: null,
        price: 2,
        family: null,
      });
      await runImport(tx, 1, plan, {
        batchSize: 10,
        afterBatch: (written) => {
          if (written === 20) throw new Error('the connection dropped');
        },
      });
    });
    await expect(failing).rejects.toThrow('the connection dropped');
    expect(await itemCount()).toBe(before);
    expect(await byCode('TX-1')).toBeUndefined();
  });

  it("another company's token neither previews nor imports into this company, and its codes are its own", async () => {
    const csv = 'Code;Désignation;Unité;Prix;Famille\nUP-1;Rail de la société 2;ml;9;\n';
    for (const path of ['/library/imports/preview', '/library/imports'] as const) {
      const { status } = await send(path, csv, { map: mapping, token: admin2, company: 1 });
      expect(status, path).toBe(403);
    }
    expect(
      (await send('/library/imports/preview', csv, { token: admin2, company: 2 })).body.data.counts,
    ).toEqual({
      create: 1,
      update: 0,
      rejected: 0,
    });
    const theirs = await importFile(csv, { token: admin2, company: 2 });
    expect(theirs.body.data).toMatchObject({ created: 1, updated: 0 });
    expect(await byCode('UP-1')).toMatchObject({ designation: 'Rail R48 (3 m)' });
    expect(await byCode('UP-1', 2, admin2)).toMatchObject({ designation: 'Rail de la société 2' });
  });
});

describe('the starter library', () => {
  it('loads into an empty library only (409 otherwise), with works priced from their composition', async () => {
    expect(await api('POST', '/library/starter', undefined, admin2, 1)).toMatchObject({ status: 403 });
    const full = await api('POST', '/library/starter');
    expect(full).toEqual({ status: 409, body: { error: { key: 'library_not_empty' } } });
    // Company 2's library: emptied (the isolation test imported one item), then loaded.
    await h.db.owner.execute(sql`delete from library_items where company_id = 2`);
    const loaded = await api('POST', '/library/starter', undefined, admin2, 2);
    expect(loaded.status).toBe(200);
    expect(loaded.body.data.created).toBeGreaterThan(200);
    expect(await itemCount(2)).toBe(loaded.body.data.created);
    const families = (await api('GET', '/library/families', undefined, admin2, 2)).body.data as Json[];
    expect(families.map((f) => f.name)).toEqual([
      'Carrelage',
      'Démolition',
      'Électricité',
      'Peinture',
      'Plâtrerie',
      'Plomberie',
    ]);
    const partition = await byCode('PLA-O01', 2, admin2);
    expect(partition).toMatchObject({ kind: 'work', unit: 'm²' });
    expect(partition.costCents).toBeGreaterThan(0);
    const again = await api('POST', '/library/starter', undefined, admin2, 2);
    expect(again.status).toBe(409);
  });
});
