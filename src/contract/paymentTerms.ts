/**
 * Payment terms in the product's French words, written once for both sides: the customer sheet and
 * the invoice editor show them, the invoice PDF and its CII notes print them, so a deadline or a
 * payment mode never reads one way on screen and another on the document.
 * Pure TypeScript: no DOM, no server import (the server imports this file by a relative path).
 */
import type { PaymentDeadlineRule, PaymentMode } from './customers.js';
import { formatIsoDate } from './format.js';

export const paymentModeLabels: Record<PaymentMode, string> = {
  transfer: 'Virement',
  check: 'Chèque',
  card: 'Carte bancaire',
  cash: 'Espèces',
  sepa: 'Prélèvement SEPA',
  avoir: 'Avoir',
};

/** A payment deadline: its rule, and the days, the day of the month or the yyyy-MM-dd day it needs. */
export interface DeadlineTerms {
  rule: PaymentDeadlineRule;
  value: number | string;
}

/** "30 jours", "45 jours fin de mois", "Décalage au 10 du mois", "Le 31/01/2027". */
export function describeDeadline({ rule, value }: DeadlineTerms): string {
  switch (rule) {
    case 'days':
      return `${value} jours`;
    case 'endOfMonth':
      return `${value} jours fin de mois`;
    case 'dayOfMonth':
      return `Décalage au ${value} du mois`;
    case 'date':
      return `Le ${formatIsoDate(String(value))}`;
  }
}

/** "Virement, Chèque". */
export const describeModes = (modes: readonly PaymentMode[]) =>
  modes.map((mode) => paymentModeLabels[mode]).join(', ');
