import { describe, expect, it } from 'vitest';
import { paymentModes } from './customers';
import { describeDeadline, describeModes, paymentModeLabels } from './paymentTerms';

describe('payment terms in French (the screens and the invoice PDF read these)', () => {
  it('reads each deadline rule as a sentence', () => {
    expect(describeDeadline({ rule: 'days', value: 30 })).toBe('30 jours');
    expect(describeDeadline({ rule: 'endOfMonth', value: 45 })).toBe('45 jours fin de mois');
    expect(describeDeadline({ rule: 'dayOfMonth', value: 10 })).toBe('Décalage au 10 du mois');
    expect(describeDeadline({ rule: 'date', value: '2027-01-31' })).toBe('Le 31/01/2027');
  });

  it('names every payment mode, in the order given', () => {
    expect(paymentModes.every((mode) => paymentModeLabels[mode].length > 0)).toBe(true);
    expect(describeModes(['transfer', 'check'])).toBe('Virement, Chèque');
    expect(describeModes([])).toBe('');
  });
});
