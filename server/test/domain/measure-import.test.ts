/**
 * The measure file import (issue 23, « Mes applications »): the demo's sample exports read as the
 * measures they hold, the broken ones are refused with French reasons naming the line or the object,
 * nothing throws on any bytes, a 5 MB file is read in bounded time, and the formulas (decimals,
 * units) hold for every value (fast-check). Pure: no database (the `domain` project).
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDecimal } from '../../../src/contract/format.js';
import {
  type MeasureKind,
  measureInputSchema,
  measureRules,
  measureUnits,
  unitOfKind,
} from '../../../src/contract/measures.js';
import { parseMeasureFile } from '../../src/measures/import/index.js';
import { numberText, parseDecimalMilli, readUnit } from '../../src/measures/import/numbers.js';

const sample = (name: string) =>
  readFileSync(new URL(`../../../demo/samples/measures/${name}`, import.meta.url));
const fixture = (name: string) => readFileSync(new URL(`../fixtures/measures/${name}`, import.meta.url));
const utf8 = (text: string) => new TextEncoder().encode(text);

const refusal = (bytes: Uint8Array, name: string, application: 'pix4d' | 'sema') => {
  const outcome = parseMeasureFile(bytes, name, application);
  if (outcome.ok) throw new Error(`expected a refusal, read ${outcome.measures.length} measures`);
  return outcome.reasons;
};
const accepted = (bytes: Uint8Array, name: string, application: 'pix4d' | 'sema') => {
  const outcome = parseMeasureFile(bytes, name, application);
  if (!outcome.ok) throw new Error(`expected measures, refused: ${outcome.reasons.join(' | ')}`);
  return outcome;
};
const summary = (measures: { name: string; kind: string; valueMilli: number; unit: string }[]) =>
  measures.map(({ name, kind, valueMilli, unit }) => [name, kind, valueMilli, unit]);

describe('the demo samples', () => {
  const site = [
    ['Pan de toiture sud', 'area', 69_676, 'm²'],
    ['Pan de toiture nord', 'area', 69_676, 'm²'],
    ['Faîtage', 'length', 12_400, 'm'],
    ['Gouttière sud', 'length', 12_412, 'm'],
    ['Gouttière nord', 'length', 12_406, 'm'],
    ['Rives pignon ouest', 'length', 11_238, 'm'],
    ['Terrasse bois', 'area', 45_880, 'm²'],
    ['Garde-corps terrasse', 'length', 13_600, 'm'],
    // The stockpile's cut and fill, two quantities (the fill written negative by Pix4D).
    ['Tas de terre végétale (déblai)', 'volume', 18_317, 'm³'],
    ['Tas de terre végétale (remblai)', 'volume', 475, 'm³'],
  ];

  it('reads the Pix4D GeoJSON: one measure per annotation, the marker skipped, geometries kept as received', () => {
    const bytes = sample('pix4d-toiture-terrasse.geojson');
    const outcome = accepted(bytes, 'pix4d-toiture-terrasse.geojson', 'pix4d');
    expect(outcome.format).toBe('pix4d-geojson');
    expect(summary(outcome.measures)).toEqual(site);
    expect(outcome.warnings).toEqual([]);
    const doc = JSON.parse(new TextDecoder().decode(bytes));
    expect(outcome.measures[0]).toMatchObject({
      externalId: 'a1f0c2de-0001',
      note: 'Tuiles mécaniques, pente 30°',
      geometry: doc.features[0].geometry,
    });
    expect(outcome.measures.map((m) => m.externalId).slice(-2)).toEqual([
      'a1f0c2de-0009:deblai',
      'a1f0c2de-0009:remblai',
    ]);
  });

  it('reads the Pix4D CSV of the same site to the same quantities', () => {
    const outcome = accepted(sample('pix4d-annotations.csv'), 'pix4d-annotations.csv', 'pix4d');
    expect(outcome.format).toBe('pix4d-csv');
    expect(summary(outcome.measures)).toEqual(site);
    expect(outcome.measures.every((m) => m.externalId === '' && m.geometry === undefined)).toBe(true);
  });

  it('reads the SEMA list (Windows-1252, semicolons, decimal commas, title lines, headings, totals)', () => {
    const outcome = accepted(sample('sema-liste-materiaux-ossature.csv'), 'liste.csv', 'sema');
    expect(outcome.format).toBe('sema-csv');
    expect(summary(outcome.measures)).toEqual([
      ['Lisse basse classe 4', 'length', 38_600, 'm'],
      ['Montants C24', 'length', 186_400, 'm'],
      ['Sablière haute C24', 'length', 77_200, 'm'],
      ['Panneau OSB3 contreventement 12 mm', 'area', 62_350, 'm²'],
      ['Pare-pluie HPV', 'area', 68_900, 'm²'],
      ['Isolant laine de bois 145 mm', 'area', 54_800, 'm²'],
      ['Chevrons C24', 'count', 14_000, 'u'],
      ['Panne faîtière lamellé-collé GL24h', 'volume', 144, 'm³'],
      ['Volige sapin 22 mm', 'area', 32_500, 'm²'],
      ['Écran sous-toiture HPV', 'area', 34_100, 'm²'],
      ['Bois de charpente C24 (total)', 'volume', 1_386, 'm³'],
      ['Équerres renforcées 90 mm', 'count', 48_000, 'u'],
      ['Boîtes de vis de charpente 6 × 200', 'count', 2_000, 'u'],
    ]);
    expect(outcome.measures[1]).toMatchObject({
      externalId: 'M02',
      note: 'Murs ossature — section 45 × 145 mm — Entraxe 60 cm',
    });
    expect(outcome.warnings).toEqual([
      '2 lignes de total ignorées : seules les lignes de détail sont importées.',
    ]);
  });

  it('reads a German list in UTF-8 with a BOM, quoted cells and German units', () => {
    const outcome = accepted(fixture('sema-mengenliste-utf8.csv'), 'mengen.csv', 'sema');
    expect(summary(outcome.measures)).toEqual([
      ['Sparren KVH 80/200; gehobelt', 'length', 124_500, 'm'],
      ['Dachlatten 30/50', 'length', 612_000, 'm'],
      ['Unterdeckbahn', 'area', 1_186_400, 'm²'],
      ['Sparrenpfettenanker', 'count', 36_000, 'u'],
    ]);
    expect(outcome.measures[2]?.note).toBe('inkl. Überlappung');
  });

  it('every measure read passes the connector’s own schema', () => {
    for (const [name, application] of [
      ['pix4d-toiture-terrasse.geojson', 'pix4d'],
      ['pix4d-annotations.csv', 'pix4d'],
      ['sema-liste-materiaux-ossature.csv', 'sema'],
    ] as const) {
      for (const measure of accepted(sample(name), name, application).measures) {
        expect(measureInputSchema.safeParse(measure).success).toBe(true);
      }
    }
  });
});

describe('refusals, in French, naming the line or the object', () => {
  it('an unknown unit names its line', () => {
    expect(refusal(fixture('sema-unite-inconnue.csv'), 'liste.csv', 'sema')).toEqual([
      'Ligne 12 : unité inconnue « ft ».',
    ]);
  });

  it('a negative area names its object; the file is refused whole', () => {
    expect(refusal(fixture('pix4d-surface-negative.geojson'), 'n.geojson', 'pix4d')).toEqual([
      'Objet 2 « Auvent » : surface négative (-12,5 m²).',
    ]);
  });

  it('every bad line of a Pix4D CSV is listed', () => {
    expect(refusal(fixture('pix4d-erreurs.csv'), 'e.csv', 'pix4d')).toEqual([
      'Ligne 2 « Chéneau » : valeur « douze » illisible.',
      'Ligne 3 « Verrière » : surface négative (-3,75 m²).',
      'Ligne 4 « Essai » : type « Hologram » inconnu et aucune longueur, surface ou volume.',
      'Ligne 5 « Fouille » : volume négatif (-12,8 m³).',
      'Ligne 6 « Dalle » : unité inconnue « ft² ».',
    ]);
  });

  it('imperial units are refused (quotes are in metres)', () => {
    expect(refusal(fixture('pix4d-imperial.geojson'), 'i.geojson', 'pix4d')).toEqual([
      'Objet 1 « Roof north » : unités impériales (« ft ») : exportez les mesures en système métrique.',
    ]);
  });

  it('truncated and malformed JSON', () => {
    expect(refusal(fixture('pix4d-tronque.geojson'), 't.geojson', 'pix4d')).toEqual([
      "Le fichier JSON est tronqué : il s'arrête avant la fin (exportez-le à nouveau).",
    ]);
    expect(refusal(fixture('pix4d-mal-forme.geojson'), 'm.geojson', 'pix4d')).toEqual([
      'Le fichier JSON est mal formé (ligne 8) : exportez-le à nouveau.',
    ]);
    expect(refusal(fixture('pas-geojson.json'), 'p.json', 'pix4d')[0]).toMatch(
      /^Ce fichier JSON n'est pas un GeoJSON/,
    );
  });

  it("a file of the other application's", () => {
    expect(refusal(sample('pix4d-toiture-terrasse.geojson'), 'a.geojson', 'sema')).toEqual([
      'Ce fichier est un export Pix4D (Pix4D GeoJSON) : importez-le dans un groupe de mesures Pix4D.',
    ]);
    expect(refusal(sample('pix4d-annotations.csv'), 'a.csv', 'sema')).toEqual([
      'Ce fichier est un export Pix4D (Pix4D CSV) : importez-le dans un groupe de mesures Pix4D.',
    ]);
    expect(refusal(sample('sema-liste-materiaux-ossature.csv'), 'l.csv', 'pix4d')).toEqual([
      'Ce fichier est une liste de quantités SEMA : importez-le dans un groupe de mesures SEMA.',
    ]);
  });

  it('an empty file, a BOM alone, blank lines', () => {
    for (const bytes of [fixture('vide.csv'), new Uint8Array([0xef, 0xbb, 0xbf]), utf8(' \r\n\r\n')]) {
      expect(refusal(bytes, 'vide.csv', 'sema')).toEqual(['Le fichier est vide.']);
    }
    expect(refusal(utf8('Désignation;Quantité;Unité\r\n'), 'l.csv', 'sema')).toEqual([
      "Le fichier ne contient aucune ligne de mesures après l'en-tête.",
    ]);
    expect(refusal(utf8('{"type":"FeatureCollection","features":[]}'), 'v.geojson', 'pix4d')).toEqual([
      'Le fichier ne contient aucune mesure (longueur, surface, volume ou quantité) à importer.',
    ]);
  });

  it('a name twice without an id (the import matches by name), an id twice', () => {
    expect(refusal(fixture('sema-doublons.csv'), 'd.csv', 'sema')).toEqual([
      'Ligne 4 : « Chevrons 60 × 80 » figure déjà (ligne 2) ; sans identifiant, deux mesures ne peuvent pas porter le même nom.',
    ]);
    const ids = 'Repère;Désignation;Quantité;Unité\nP1;Chevrons;4;u\nP1;Liteaux;8;ml\n';
    expect(refusal(utf8(ids), 'i.csv', 'sema')).toEqual([
      'Ligne 3 : identifiant « P1 » déjà utilisé (ligne 2).',
    ]);
    // With ids, one designation may appear twice (two positions of one material).
    const twice = 'Repère;Désignation;Quantité;Unité\nP1;Chevrons;4;u\nP2;Chevrons;8;u\n';
    expect(accepted(utf8(twice), 't.csv', 'sema').measures).toHaveLength(2);
  });

  it('a cell that begins like a formula', () => {
    const formula = 'Désignation;Quantité;Unité\n=HYPERLINK("http://x");4;u\n';
    expect(refusal(utf8(formula), 'f.csv', 'sema')).toEqual([
      "Ligne 2 : le nom commence par « = » : une formule n'est pas importée (retirez ce caractère).",
    ]);
  });

  it('missing cells of a SEMA line', () => {
    const text =
      'Désignation;Quantité;Unité\nChevrons;;ml\n;12;ml\nLiteaux;12;\nVolige;douze;m²\nLambourdes;-4;ml\n';
    expect(refusal(utf8(text), 'l.csv', 'sema')).toEqual([
      'Ligne 2 : quantité manquante.',
      'Ligne 3 : désignation manquante.',
      'Ligne 4 : unité manquante.',
      'Ligne 5 : quantité « douze » illisible (écrivez un nombre, par exemple 12,5).',
      'Ligne 6 : longueur négative (-4 m).',
    ]);
  });

  it('a header neither tool writes', () => {
    expect(refusal(utf8('a;b;c\n1;2;3\n'), 'x.csv', 'sema')[0]).toMatch(
      /^En-tête non reconnu : la liste SEMA/,
    );
    expect(refusal(utf8('a;b;c\n1;2;3\n'), 'x.csv', 'pix4d')[0]).toMatch(
      /^En-tête non reconnu : un export CSV/,
    );
  });

  it('the exports this import does not read say what to export instead', () => {
    expect(refusal(fixture('plan.dxf'), 'plan.dxf', 'pix4d')[0]).toMatch(/^Les fichiers DXF ne sont pas lus/);
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]);
    expect(refusal(zip, 'annotations.zip', 'pix4d')[0]).toMatch(
      /^Les archives ZIP \(Shapefile…\) ne sont pas lues/,
    );
    expect(refusal(zip, 'liste.xlsx', 'sema')[0]).toMatch(/^Les classeurs Excel ne sont pas lus/);
    expect(refusal(utf8('%PDF-1.7\n'), 'rapport.pdf', 'pix4d')[0]).toMatch(/^Les PDF ne sont pas lus/);
    expect(refusal(utf8('<?xml version="1.0"?><LandXML/>'), 'v.xml', 'pix4d')[0]).toMatch(
      /^Les fichiers XML/,
    );
    expect(refusal(new Uint8Array([0, 1, 2, 3, 255, 0, 7]), 'x.bin', 'sema')[0]).toMatch(
      /pas un texte lisible/,
    );
  });
});

describe('limits', () => {
  const semaLines = (count: number, pad = '') => {
    const lines = ['Repère;Désignation;Quantité;Unité;Remarque'];
    for (let i = 1; i <= count; i += 1) lines.push(`P${i};Chevron ${i};${i},5;ml;${pad}`);
    return utf8(`${lines.join('\r\n')}\r\n`);
  };

  it(`${measureRules.maxMeasuresPerGroup} measures are read; one more and the file is refused`, () => {
    expect(accepted(semaLines(measureRules.maxMeasuresPerGroup), 'l.csv', 'sema').measures).toHaveLength(
      measureRules.maxMeasuresPerGroup,
    );
    expect(refusal(semaLines(10_000), 'l.csv', 'sema')).toEqual([
      "Le fichier contient plus de 5\u202f000 mesures, le maximum d'un groupe : découpez-le en plusieurs groupes.",
    ]);
  });

  it('a file over the size limit is refused before it is read', () => {
    const big = new Uint8Array(measureRules.maxFileBytes + 1).fill(0x20);
    expect(refusal(big, 'gros.csv', 'sema')).toEqual([
      "Le fichier dépasse 5 Mo, la taille maximale d'un import.",
    ]);
  });

  it('at most 50 reasons, then a count', () => {
    const lines = [
      'Désignation;Quantité;Unité',
      ...Array.from({ length: 120 }, (_, i) => `Pièce ${i};1;pieds`),
    ];
    const reasons = refusal(utf8(lines.join('\n')), 'l.csv', 'sema');
    expect(reasons).toHaveLength(51);
    expect(reasons[50]).toBe('… et 70 autres erreurs.');
  });

  it('a geometry over 64 KiB is not kept; its value is', () => {
    const ring = Array.from({ length: 4000 }, (_, i) => [5.9 + i * 1e-7, 45.5 + i * 1e-7, 312.123]);
    const doc = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          id: 'g',
          geometry: { type: 'Polygon', coordinates: [ring] },
          properties: { name: 'Dalle', type: 'polygon', area: 12.5 },
        },
      ],
    };
    const outcome = accepted(utf8(JSON.stringify(doc)), 'g.geojson', 'pix4d');
    expect(outcome.measures[0]).toMatchObject({ name: 'Dalle', valueMilli: 12_500 });
    expect(outcome.measures[0]?.geometry).toBeUndefined();
    expect(outcome.warnings).toEqual([
      'Objet 1 « Dalle » : géométrie de plus de 64 Kio, non conservée (la valeur est importée).',
    ]);
  });

  it('a geometry nested beyond any stack is refused as a geometry, not as a crash', () => {
    const deep = `${'['.repeat(200_000)}0${']'.repeat(200_000)}`;
    const text = `{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Polygon","coordinates":${deep}},"properties":{"name":"Dalle","area":3}}]}`;
    const outcome = parseMeasureFile(utf8(text), 'deep.geojson', 'pix4d');
    expect(outcome.ok).toBe(true);
    if (outcome.ok) expect(outcome.measures[0]?.geometry).toBeUndefined();
  });

  const parsed = (bytes: Uint8Array, application: 'pix4d' | 'sema') => ({
    outcome: parseMeasureFile(bytes, 'gros', application),
  });

  // No path may be quadratic: such a path takes minutes on 5 MB, past the test's time limit (a
  // ceiling for a loaded machine, not a speed goal: the speed is measured in bench/).
  it('a 5 MB file of 5 000 measures is read whole (GeoJSON and CSV)', () => {
    const feature = (i: number) => ({
      type: 'Feature',
      id: `f-${i}`,
      geometry: {
        type: 'LineString',
        coordinates: Array.from({ length: 24 }, (_, j) => [5.917 + j * 1e-5, 45.566 + i * 1e-6, 312.25]),
      },
      properties: { name: `Ligne ${i}`, type: 'polyline', length: 12.345 + i, unit: 'm', color: '#f5a623' },
    });
    const doc = { type: 'FeatureCollection', features: Array.from({ length: 5000 }, (_, i) => feature(i)) };
    let geojson = utf8(JSON.stringify(doc));
    expect(geojson.byteLength).toBeGreaterThan(4 * 1024 * 1024);
    expect(geojson.byteLength).toBeLessThanOrEqual(measureRules.maxFileBytes);
    const json = parsed(geojson, 'pix4d');
    expect(json.outcome.ok && json.outcome.measures.length).toBe(5000);

    const csv = semaLines(5000, 'x'.repeat(950));
    expect(csv.byteLength).toBeGreaterThan(4 * 1024 * 1024);
    expect(csv.byteLength).toBeLessThanOrEqual(measureRules.maxFileBytes);
    const table = parsed(csv, 'sema');
    expect(table.outcome.ok && table.outcome.measures.length).toBe(5000);
    geojson = new Uint8Array();
  });

  it('hostile 5 MB files are refused whole, each with its reason (within the test time limit)', () => {
    const size = measureRules.maxFileBytes;
    const cases: [string, Uint8Array, 'pix4d' | 'sema', RegExp][] = [
      [
        'one cell of digits',
        utf8(`Désignation;Quantité;Unité\nX;${'9'.repeat(size - 40)};m\n`),
        'sema',
        /^Ligne 2 : quantité « 9+ » illisible/,
      ],
      [
        'one line of separators',
        utf8(`Désignation;Quantité;Unité\n${';'.repeat(size - 40)}\n`),
        'sema',
        /trop de cellules/,
      ],
      ['100 000 short lines', semaLines(100_000).subarray(0, size), 'sema', /plus de 5\u202f000 mesures/],
      [
        'an unclosed JSON string',
        utf8(`{"type":"FeatureCollection","features":["${'a'.repeat(size - 60)}`),
        'pix4d',
        /tronqué/,
      ],
      [
        'spaces and digits',
        utf8(`Type,Name,Length\nLine,A,${'1 '.repeat((size - 40) / 2)}\n`),
        'pix4d',
        /^Ligne 2 « A » : valeur « 1 1 1/,
      ],
    ];
    for (const [label, bytes, application, reason] of cases) {
      const { outcome } = parsed(bytes, application);
      expect(outcome.ok ? [] : outcome.reasons[0], label).toMatch(reason);
    }
  });
});

describe('never throws', () => {
  it('on any bytes, for either application', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 600 }),
        fc.constantFrom('pix4d', 'sema' as const),
        (bytes, application) => {
          const outcome = parseMeasureFile(bytes, 'x', application as 'pix4d' | 'sema');
          expect(typeof outcome.ok).toBe('boolean');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('on the samples with bytes changed: a refusal, or measures the schema accepts', () => {
    const files = [
      [sample('pix4d-toiture-terrasse.geojson'), 'pix4d'],
      [sample('pix4d-annotations.csv'), 'pix4d'],
      [sample('sema-liste-materiaux-ossature.csv'), 'sema'],
    ] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(0, 1, 2),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }),
        (which, changes) => {
          const [original, application] = files[which]!;
          const bytes = Uint8Array.from(original);
          for (const [at, value] of changes) bytes[at % bytes.length] = value;
          const outcome = parseMeasureFile(bytes, 'x', application);
          if (outcome.ok) {
            for (const measure of outcome.measures)
              expect(measureInputSchema.safeParse(measure).success).toBe(true);
          } else expect(outcome.reasons.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('decimals (property tests)', () => {
  const max = measureRules.maxValueMilli;

  it('a French decimal (grouped or not) or a point decimal reads back to its thousandths', () => {
    fc.assert(
      fc.property(fc.integer({ min: -max, max }), (milli) => {
        for (const text of [
          formatDecimal(milli, 3),
          formatDecimal(milli, 3, { grouping: false }),
          formatDecimal(milli, 3, { grouping: false }).replace(',', '.'),
          formatDecimal(milli, 3, { decimals: 3 }).replace(/\u202f/g, '\u00a0'),
        ]) {
          expect(parseDecimalMilli(text)).toEqual({ ok: true, milli });
        }
      }),
    );
  });

  it('more decimals are rounded half away from zero at the thousandth', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -BigInt(max) * 1000n, max: BigInt(max) * 1000n }), (micro) => {
        const magnitude = micro < 0n ? -micro : micro;
        const text = `${micro < 0n ? '-' : ''}${magnitude / 1_000_000n}.${String(magnitude % 1_000_000n).padStart(6, '0')}`;
        const rounded = Number((2n * magnitude + 1000n) / 2000n);
        expect(parseDecimalMilli(text)).toEqual({
          ok: true,
          milli: micro < 0n && rounded !== 0 ? -rounded : rounded,
        });
      }),
    );
  });

  it('an exponent moves the point: « a e b » reads as a × 10^b written out', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: -8, max: 4 }), (a, b) => {
        const digits = String(a);
        const written =
          b >= 0
            ? `${digits}${'0'.repeat(b)}`
            : `${digits.padStart(-b + 1, '0').slice(0, b)}.${digits.padStart(-b + 1, '0').slice(b)}`;
        expect(parseDecimalMilli(`${a}e${b}`)).toEqual(parseDecimalMilli(written));
        expect(parseDecimalMilli(`${a},0E${b >= 0 ? '+' : ''}${b}`)).toEqual(parseDecimalMilli(written));
      }),
    );
  });

  it('millimetres and centimetres shift the point exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (n) => {
        expect(parseDecimalMilli(String(n), -3)).toEqual({ ok: true, milli: n });
        expect(parseDecimalMilli(String(n), -2)).toEqual({ ok: true, milli: n * 10 });
      }),
    );
  });

  it('beyond the largest value is too large, never a rounded float', () => {
    expect(parseDecimalMilli('1000000000')).toEqual({ ok: true, milli: max });
    expect(parseDecimalMilli('1000000000,001')).toEqual({ ok: false, why: 'too_large' });
    expect(parseDecimalMilli('1e300')).toEqual({ ok: false, why: 'too_large' });
    expect(parseDecimalMilli('0e300')).toEqual({ ok: true, milli: 0 });
    expect(parseDecimalMilli('1e-300')).toEqual({ ok: true, milli: 0 });
  });

  it('reads what the tools write, refuses what is ambiguous or not a number', () => {
    const reads: [string, number][] = [
      ['12,5', 12_500],
      ['12.5', 12_500],
      ['1 234,5', 1_234_500],
      ['1.234,5', 1_234_500],
      ['1,234.5', 1_234_500],
      ['1.234.567', 1_234_567_000],
      ["1'234.5", 1_234_500],
      ['12,345', 12_345],
      ['−3', -3_000],
      ['+3', 3_000],
      [',5', 500],
      ['0,0005', 1],
      ['0,0004', 0],
      ['1,2E-03', 1],
    ];
    for (const [text, milli] of reads) expect(parseDecimalMilli(text), text).toEqual({ ok: true, milli });
    for (const text of [
      '',
      '-',
      'douze',
      '1,2,3',
      '1.23.4',
      '1..2',
      '12 m',
      '1e',
      '1e5e2',
      '0x10',
      'NaN',
      '9'.repeat(65),
    ]) {
      expect(parseDecimalMilli(text).ok, text).toBe(false);
    }
  });

  it('a JSON number is read from its shortest decimal form, not from the float below it', () => {
    expect(4.0005 * 1000).toBeLessThan(4000.5);
    expect(parseDecimalMilli(numberText(4.0005))).toEqual({ ok: true, milli: 4001 });
    expect(parseDecimalMilli(numberText(1e-7))).toEqual({ ok: true, milli: 0 });
    expect(parseDecimalMilli(numberText(Number.NaN)).ok).toBe(false);
  });
});

describe('units (property tests)', () => {
  const kindOfUnit = Object.fromEntries(
    Object.entries(unitOfKind).map(([kind, unit]) => [unit, kind]),
  ) as Record<string, MeasureKind>;
  const written: [string, MeasureKind, number][] = [
    ['m', 'length', 0],
    ['ml', 'length', 0],
    ['lfm', 'length', 0],
    ['mètres', 'length', 0],
    ['cm', 'length', -2],
    ['mm', 'length', -3],
    ['m²', 'area', 0],
    ['m2', 'area', 0],
    ['m^2', 'area', 0],
    ['qm', 'area', 0],
    ['m³', 'volume', 0],
    ['m3', 'volume', 0],
    ['cbm', 'volume', 0],
    ['u', 'count', 0],
    ['pce', 'count', 0],
    ['pièces', 'count', 0],
    ['Stk.', 'count', 0],
    ['Stück', 'count', 0],
  ];

  it("each of the contract's units reads as its kind", () => {
    for (const unit of measureUnits) expect(readUnit(unit)).toEqual({ kind: kindOfUnit[unit], shift: 0 });
  });

  it('case, spaces and a final dot do not change what a unit means', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...written),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        fc.constantFrom('', ' ', '\u00a0'),
        fc.boolean(),
        ([unit, kind, shift], upper, pad, dot) => {
          const cased = [...unit].map((char, i) => (upper[i % 8] ? char.toUpperCase() : char)).join('');
          expect(readUnit(`${pad}${cased}${dot ? '.' : ''}${pad}`)).toEqual({ kind, shift });
        },
      ),
    );
  });

  it('units of no kind here are unknown', () => {
    for (const unit of ['ft', 'ft²', 'yd3', 'kg', 'h', 'l', 'ha', '%', '', 'm4'])
      expect(readUnit(unit), unit).toBeNull();
  });
});
