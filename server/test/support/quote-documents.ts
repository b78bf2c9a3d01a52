/**
 * A quote document built without a database (the quote PDF's tests): three chapters, one with a
 * sub-chapter, lines at 20 %, 10 % and 5,5 %, an option, a text line, a 5 % discount and a 30 %
 * deposit; its amounts are the domain's.
 */

import type { QuoteDocument } from '../../src/documents/quote-document.js';
import type { QuoteItem } from '../../src/domain/index.js';
import { quoteAmounts } from '../../src/domain/index.js';
import { company, customer, settings } from './invoice-documents.js';

export const quoteItems: QuoteItem[] = [
  {
    kind: 'chapter',
    title: 'Démolition',
    items: [
      { kind: 'text', text: 'Protection des sols et évacuation des gravats en déchetterie agréée.' },
      {
        kind: 'priced',
        designation: 'Dépose de la baignoire',
        unit: 'u',
        quantityMilli: 1_000,
        unitPriceCents: 25_000,
        vatRateId: 2,
        vatRate: 1000,
      },
    ],
  },
  {
    kind: 'chapter',
    title: 'Plomberie',
    items: [
      {
        kind: 'chapter',
        title: 'Alimentation',
        items: [
          {
            kind: 'priced',
            designation: 'Tube multicouche 16 mm',
            unit: 'ml',
            quantityMilli: 12_500,
            unitPriceCents: 1_850,
            vatRateId: 2,
            vatRate: 1000,
          },
        ],
      },
      {
        kind: 'priced',
        designation: 'Receveur de douche extra-plat 90 × 120',
        unit: 'u',
        quantityMilli: 1_000,
        unitPriceCents: 48_000,
        vatRateId: 2,
        vatRate: 1000,
      },
      {
        kind: 'option',
        designation: 'Paroi vitrée fixe 120 cm',
        unit: 'u',
        quantityMilli: 1_000,
        unitPriceCents: 39_000,
        vatRateId: 2,
        vatRate: 1000,
      },
    ],
  },
  {
    kind: 'chapter',
    title: 'Isolation',
    items: [
      {
        kind: 'priced',
        designation: 'Isolation des combles perdus, laine soufflée R = 7',
        unit: 'm²',
        quantityMilli: 40_000,
        unitPriceCents: 2_500,
        vatRateId: 3,
        vatRate: 550,
      },
      {
        kind: 'priced',
        designation: 'Déplacement',
        unit: 'forfait',
        quantityMilli: 1_000,
        unitPriceCents: 8_000,
        vatRateId: 1,
        vatRate: 2000,
      },
    ],
  },
];

export function quoteDocument(overrides: Partial<QuoteDocument> = {}): QuoteDocument {
  const items = overrides.items ?? quoteItems;
  const reverseCharge = overrides.reverseCharge ?? false;
  return {
    id: 1,
    number: 'DE-2026-00012-B',
    revisionIndex: 1,
    revision: 'B',
    replaces: 'DE-2026-00012',
    status: 'sent',
    date: '2026-03-02',
    validUntil: '2026-04-01',
    title: 'Rénovation de la salle de bains',
    items,
    amounts: quoteAmounts({ items, discountRate: 500, depositRate: 3000, reverseCharge }),
    startDate: '2026-04-15',
    durationDays: 10,
    paymentTerms: 'Solde à réception de facture, par virement.',
    feeCents: 0,
    reverseCharge,
    company: company(),
    customer: customer({
      type: 'private',
      companyName: '',
      civility: 'Mme',
      firstName: 'Claire',
      lastName: 'Dupont',
      vatNumber: '',
      siret: '',
    }),
    job: { name: 'Salle de bains Dupont', siteAddress: '8 chemin des Vignes, 69130 Écully' },
    vatRates: [
      {
        vatBasisPoints: 1000,
        regulatoryText:
          "Travaux d'amélioration de locaux d'habitation achevés depuis plus de deux ans (article 279-0 bis du CGI).",
      },
      {
        vatBasisPoints: 550,
        regulatoryText: "Travaux d'amélioration de la qualité énergétique (article 278-0 bis A du CGI).",
      },
      { vatBasisPoints: 2000, regulatoryText: '' },
    ],
    settings: settings({
      quoteCeeMention:
        "Travaux éligibles aux certificats d'économies d'énergie (CEE) : prime versée par Énergie Plus.",
      termsOnQuote: true,
      termsOfSale: "Article 1 — Les présentes conditions générales de vente s'appliquent à tous nos devis.",
    }),
    ...overrides,
  };
}
