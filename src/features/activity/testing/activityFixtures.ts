/** Events as the API answers them (issue 24), for the stories and tests of the activity log. */
import type { ActivityEventRow, ActivityPage } from '../api';

export const activityRows: ActivityEventRow[] = [
  {
    id: 41,
    occurredAt: '2026-11-26T13:05:00.000Z',
    kind: 'invoice.reverted',
    userId: 1,
    userName: 'Sophie Martin',
    objectType: 'invoice',
    objectId: 17,
    label: 'Facture FA-2026-00017 repassée en PROVISOIRE',
    details: { reason: 'Quantité erronée' },
  },
  {
    id: 40,
    occurredAt: '2026-11-26T08:30:00.000Z',
    kind: 'payment.recorded',
    userId: 2,
    userName: 'Lucas Bernard',
    objectType: 'payment',
    objectId: 9,
    label: 'Règlement de 1\u202f200,00\u00a0€ enregistré sur facture FA-2026-00012',
    details: { invoiceId: 12, amountCents: 120_000, mode: 'transfer' },
  },
  {
    id: 39,
    occurredAt: '2026-11-25T16:45:00.000Z',
    kind: 'quote.accepted',
    userId: null,
    userName: null,
    objectType: 'quote',
    objectId: 5,
    label: 'Devis DE-2026-00005 accepté en ligne par Jean Dupont',
    details: { channel: 'online', signerName: 'Jean Dupont' },
  },
  {
    id: 38,
    occurredAt: '2026-11-24T09:10:00.000Z',
    kind: 'customer.deleted',
    userId: 1,
    userName: 'Sophie Martin',
    objectType: 'customer',
    objectId: 30,
    label: 'Client 00030 Léa Roux supprimé',
    details: {},
  },
];

export const activityPage: ActivityPage = { data: activityRows, total: 120 };
