/** « Gestion chantier » answers as the server gives them (stories and element tests). */
import type { Budget, HourlyCosts, Planning, Progress, Purchase, TimeEntry } from '../api';

export const budgetFixture: Budget = {
  businessJobId: 3,
  acceptedQuotes: [{ id: 3, number: 'DE-2026-00003', title: "Réfection cage d'escalier" }],
  saleExclTaxCents: 1_250_000,
  budgetCostCents: 780_000,
  budgetMarginCents: 470_000,
  minutes: 4_350,
  labourCostCents: 253_750,
  purchasesCents: 165_900,
  actualCostCents: 419_650,
  marginCents: 830_350,
  remainingBudgetCents: 360_350,
  consumedBasisPoints: 5_380,
  linesWithoutCost: 1,
};

export const overBudgetFixture: Budget = {
  ...budgetFixture,
  purchasesCents: 1_100_000,
  actualCostCents: 1_353_750,
  marginCents: -103_750,
  remainingBudgetCents: -573_750,
  consumedBasisPoints: 17_356,
  linesWithoutCost: 0,
};

export const planningFixture: Planning = {
  businessJobId: 3,
  startDate: '2026-11-16',
  endDate: '2026-12-18',
  team: [
    { userId: 2, name: 'Lucas Bernard' },
    { userId: 3, name: 'Camille Petit' },
  ],
  version: 2,
};

export const weekFixture: TimeEntry[] = ['2026-11-16', '2026-11-17', '2026-11-18'].flatMap((day, i) => [
  {
    id: 10 + i,
    userId: 2,
    userName: 'Lucas Bernard',
    day,
    minutes: 450,
    hourlyCostCents: 3_500,
    costCents: 26_250,
  },
  {
    id: 20 + i,
    userId: 3,
    userName: 'Camille Petit',
    day,
    minutes: 420,
    hourlyCostCents: 3_200,
    costCents: 22_400,
  },
]);

export const purchasesFixture: Purchase[] = [
  {
    id: 2,
    supplierName: 'Loca-Chantier SARL',
    supplierId: '44306184100047',
    invoiceNumber: 'LOC-26-00931',
    invoiceDate: '2026-11-18',
    exclTaxCents: 46_500,
    vatCents: 9_300,
    inclTaxCents: 55_800,
    source: 'ubl',
    fileName: 'facture-fournisseur-ubl.xml',
    recordedAt: '2026-11-18T16:02:00.000Z',
  },
  {
    id: 1,
    supplierName: 'Matériaux Durand SAS',
    supplierId: '73282932000074',
    invoiceNumber: 'FD-2026-04518',
    invoiceDate: '2026-11-16',
    exclTaxCents: 119_400,
    vatCents: 23_880,
    inclTaxCents: 143_280,
    source: 'facturx',
    fileName: 'facture-fournisseur-facturx.pdf',
    recordedAt: '2026-11-16T10:12:00.000Z',
  },
];

/** The accepted quote's chapters: one entered on site last week, one never. */
export const progressFixture: Progress = {
  businessJobId: 3,
  quote: { id: 3, number: 'DE-2026-00003', title: "Réfection cage d'escalier" },
  chapters: [
    {
      chapter: 'Travaux préparatoires',
      totalExclTaxCents: 414_000,
      percentBasisPoints: 4_000,
      day: '2026-11-20',
      userName: 'Lucas Bernard',
    },
    { chapter: 'Finitions', totalExclTaxCents: 108_000, percentBasisPoints: null, day: null, userName: null },
  ],
  version: 2,
};

/** The same job after someone else entered progress meanwhile (a 409 reads it). */
export const progressAfterOtherFixture: Progress = {
  ...progressFixture,
  chapters: [
    {
      ...progressFixture.chapters[0]!,
      percentBasisPoints: 5_000,
      day: '2026-11-23',
      userName: 'Camille Petit',
    },
    progressFixture.chapters[1]!,
  ],
  version: 3,
};

export const hourlyCostsFixture: HourlyCosts = {
  companyHourlyCostCents: 3_150,
  people: [
    { userId: 2, name: 'Lucas Bernard', email: 'user@demo.fr', locked: false, hourlyCostCents: 3_500 },
    { userId: 3, name: 'Camille Petit', email: 'camille@demo.fr', locked: false, hourlyCostCents: null },
  ],
};
