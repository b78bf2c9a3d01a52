import type { GeneralPaymentDeadline, PaymentMode } from '../../../api/customers';
import { formatIsoDate } from '../../../i18n/format';
import { paymentModeLabels } from '../messages';

/** "30 jours", "45 jours fin de mois", "Décalage au 10 du mois", "Le 31/01/2027". */
export function describeDeadline({ rule, value }: GeneralPaymentDeadline): string {
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

export const describeModes = (modes: readonly PaymentMode[]) =>
  modes.map((mode) => paymentModeLabels[mode]).join(', ');
