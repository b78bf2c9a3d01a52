import type { PaymentMode } from '../../../api/customers';
import type { Outstanding, Received } from '../../../api/payments';

const customers = ['Martin Rénovation', 'Léa Dubois', 'SCI Les Tilleuls', 'Paul Roux', 'Atelier Brun'];
const jobs = ['Extension garage', 'Salle de bains', null, 'Toiture', 'Cuisine'];
const modes: PaymentMode[] = ['transfer', 'check', 'card', 'cash', 'sepa'];
const day = (offset: number) => {
  const d = new Date(Date.UTC(2026, 2, 1 + offset));
  return d.toISOString().slice(0, 10);
};

/** The invoice, customer and job the i-th line is about (the same for both lists). */
const invoiceOf = (i: number) => ({
  invoiceId: i + 1,
  invoiceNumber: `FA-2026-${String(i + 1).padStart(5, '0')}`,
  invoiceDate: day(i % 60),
  customerId: (i % customers.length) + 1,
  customerName: customers[i % customers.length]!,
  businessJobId: jobs[i % jobs.length] ? (i % jobs.length) + 1 : null,
  businessJobName: jobs[i % jobs.length] ?? null,
  dueDate: day((i % 60) + 30),
});

/** `count` outstanding lines (every tenth a retainage), deterministic. */
export function makeOutstanding(count: number): Outstanding[] {
  return Array.from({ length: count }, (_, i) => {
    const retainage = i % 10 === 9;
    const total = 12_000 + ((i * 7919) % 500_000);
    return {
      key: `${retainage ? 'retainage' : 'invoice'}-${i + 1}`,
      ...invoiceOf(i),
      isRetainage: retainage,
      totalInclTaxCents: retainage ? Math.round(total * 0.05) : total,
      balanceCents: retainage ? Math.round(total * 0.05) : total - (i % 3) * 1_000,
      overdue: i % 4 === 0,
    };
  });
}

/** `count` received payments, deterministic. */
export function makeReceived(count: number): Received[] {
  return Array.from({ length: count }, (_, i) => {
    const mode = modes[i % modes.length]!;
    return {
      id: i + 1,
      ...invoiceOf(i),
      isRetainage: false,
      balanceCents: (i % 3) * 2_500,
      amountCents: 5_000 + ((i * 6151) % 300_000),
      paidOn: day((i % 60) + 10),
      mode,
      bankId: mode === 'cash' ? null : 1,
      bankName: mode === 'cash' ? null : 'Crédit Agricole Centre-Est',
      comment: i % 2 ? 'Virement reçu' : '',
      chequeNumber: mode === 'check' ? String(4_500_000 + i) : null,
      drawer: mode === 'check' ? customers[i % customers.length]! : null,
    };
  });
}

export const demoBanks = [
  { id: 1, name: 'Crédit Agricole Centre-Est', isDefault: true },
  { id: 2, name: 'Banque Populaire', isDefault: false },
];
