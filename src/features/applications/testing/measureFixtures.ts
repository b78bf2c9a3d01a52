/** Applications, groups, measures and events as the API answers them (tests and stories). */
import type { Application, MeasureEvent, MeasureGroup, MeasureGroupDetail } from '../api';

export const pix4dConnected: Application = {
  type: 'pix4d',
  label: 'Pix4D',
  connected: true,
  connectedAt: '2026-11-02T09:15:00.000Z',
  lastDataAt: '2026-11-26T16:40:00.000Z',
  groupCount: 3,
  keys: [
    {
      id: 4,
      prefix: 'bo_pix4d_7Fq2',
      createdAt: '2026-11-02T09:15:00.000Z',
      lastUsedAt: '2026-11-26T16:40:00.000Z',
      revokedAt: null,
    },
    {
      id: 2,
      prefix: 'bo_pix4d_K1x9',
      createdAt: '2026-10-12T08:00:00.000Z',
      lastUsedAt: null,
      revokedAt: '2026-11-02T09:15:00.000Z',
    },
  ],
};

export const semaNotConnected: Application = {
  type: 'sema',
  label: 'SEMA',
  connected: false,
  connectedAt: null,
  lastDataAt: null,
  groupCount: 0,
  keys: [],
};

export const pix4dNotConnected: Application = {
  ...pix4dConnected,
  connected: false,
  connectedAt: null,
  lastDataAt: null,
  groupCount: 0,
  keys: [],
};

export const groupRow = (
  fields: Partial<MeasureGroup> & Pick<MeasureGroup, 'id' | 'name'>,
): MeasureGroup => ({
  application: 'pix4d',
  externalId: null,
  businessJob: null,
  measureCount: 0,
  totals: { length: 0, area: 0, volume: 0, count: 0 },
  lastDataAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  version: 1,
  ...fields,
});

export const groupRows: MeasureGroup[] = [
  groupRow({
    id: 12,
    name: 'Toiture-terrasse bâtiment A',
    externalId: 'p4d-site-881',
    businessJob: { id: 3, name: 'Réaménagement fournil Mercier', customerName: 'Boulangerie Mercier' },
    measureCount: 4,
    totals: { length: 86_400, area: 1_234_500, volume: 0, count: 0 },
    lastDataAt: '2026-11-26T16:40:00.000Z',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-26T16:40:00.000Z',
  }),
  groupRow({
    id: 9,
    name: 'Terrassement parking',
    measureCount: 2,
    totals: { length: 0, area: 0, volume: 312_750, count: 0 },
    createdAt: '2026-11-18T11:05:00.000Z',
    updatedAt: '2026-11-18T11:05:00.000Z',
  }),
];

export const groupDetail: MeasureGroupDetail = {
  ...groupRows[0]!,
  version: 3,
  measures: [
    {
      id: 101,
      externalId: 'a1',
      name: 'Surface toiture',
      kind: 'area',
      valueMilli: 1_004_500,
      unit: 'm²',
      note: 'Relevé drone du 26/11',
      geometry: null,
      position: 1,
      updatedAt: '2026-11-26T16:40:00.000Z',
    },
    {
      id: 102,
      externalId: 'a2',
      name: 'Terrasse accessible',
      kind: 'area',
      valueMilli: 230_000,
      unit: 'm²',
      note: '',
      geometry: null,
      position: 2,
      updatedAt: '2026-11-26T16:40:00.000Z',
    },
    {
      id: 103,
      externalId: 'l1',
      name: 'Acrotère périmètre',
      kind: 'length',
      valueMilli: 86_400,
      unit: 'm',
      note: '',
      geometry: null,
      position: 3,
      updatedAt: '2026-11-26T16:40:00.000Z',
    },
  ],
  quotes: [{ id: 21, number: 'DE-2026-00012', status: 'draft' }],
};

export const events: MeasureEvent[] = [
  {
    id: 8,
    kind: 'used_in_quote',
    at: '2026-11-27T09:30:00.000Z',
    source: 'user',
    user: { id: 7, name: 'Sophie Martin' },
    detail: { quoteId: 21, quoteNumber: 'DE-2026-00012', lines: ['Étanchéité toiture-terrasse'] },
  },
  {
    id: 7,
    kind: 'measures_changed',
    at: '2026-11-26T16:40:00.000Z',
    source: 'connector',
    user: null,
    detail: {
      measures: [{ name: 'Surface toiture', kind: 'area', unit: 'm²', before: 980_000, after: 1_004_500 }],
    },
  },
  {
    id: 6,
    kind: 'import_refused',
    at: '2026-11-25T14:00:00.000Z',
    source: 'import',
    user: { id: 7, name: 'Sophie Martin' },
    detail: {
      fileName: 'export-toiture.csv',
      size: 12_700,
      reasons: ['Ligne 12 : unité inconnue « pieds ».', 'Ligne 19 : la surface ne peut pas être négative.'],
    },
  },
  {
    id: 5,
    kind: 'imported',
    at: '2026-11-25T13:50:00.000Z',
    source: 'import',
    user: { id: 7, name: 'Sophie Martin' },
    detail: {
      fileName: 'pix4d-toiture-terrasse.geojson',
      size: 4_321,
      format: 'pix4d-geojson',
      count: 3,
      added: 3,
      changed: 0,
    },
  },
  {
    id: 4,
    kind: 'linked_to_job',
    at: '2026-11-20T10:05:00.000Z',
    source: 'user',
    user: { id: 7, name: 'Sophie Martin' },
    detail: { before: null, after: { id: 3, name: 'Réaménagement fournil Mercier' } },
  },
  {
    id: 3,
    kind: 'renamed',
    at: '2026-11-20T10:04:00.000Z',
    source: 'user',
    user: { id: 7, name: 'Sophie Martin' },
    detail: { before: 'Toiture', after: 'Toiture-terrasse bâtiment A' },
  },
  {
    id: 1,
    kind: 'created',
    at: '2026-11-20T10:00:00.000Z',
    source: 'user',
    user: { id: 7, name: 'Sophie Martin' },
    detail: { name: 'Toiture' },
  },
];
