/**
 * A payment deadline as a form types it (a rule, and its value as text: days, a day of the month,
 * or a dd/MM/yyyy date) and back. The customer form and the invoice editor share it; the ranges
 * are the contract's (`paymentDeadlineSchema`, src/contract/customers.ts).
 */
import { type PaymentDeadline, paymentDeadlineRules } from '../../../contract/customers';
import { isoDate } from '../../../contract/fields';
import { formatIsoDate, parseFrenchDate } from '../../../contract/format';
import { validationMessages } from '../../../i18n/validationMessages';

/** The value field's label for each rule. */
export const deadlineValueLabels: Record<string, string> = {
  days: 'Nombre de jours',
  endOfMonth: 'Nombre de jours, puis fin de mois',
  dayOfMonth: 'Jour du mois',
  date: 'Date (JJ/MM/AAAA)',
};

const isRule = (rule: string): rule is (typeof paymentDeadlineRules)[number] =>
  (paymentDeadlineRules as readonly string[]).includes(rule);

/** The typed rule and value as a deadline, or the field at fault and its French message. */
export function deadlineFromTexts(
  rule: string,
  valueText: string,
): { deadline: PaymentDeadline } | { field: 'rule' | 'value'; message: string } {
  const value = valueText.trim();
  if (!isRule(rule)) return { field: 'rule', message: validationMessages.invalid };
  if (!value) return { field: 'value', message: validationMessages.required };
  if (rule === 'date') {
    const date = parseFrenchDate(value);
    return date ? { deadline: { rule, value: date } } : { field: 'value', message: validationMessages.date };
  }
  if (/^\d+$/.test(value)) return { deadline: { rule, value: Number(value) } };
  return { field: 'value', message: validationMessages.number };
}

/** A stored deadline's rule and value as a form's texts (an ISO day as dd/MM/yyyy). */
export function deadlineToTexts(deadline: unknown): { rule: string; value: string } {
  if (deadline && typeof deadline === 'object' && 'rule' in deadline) {
    const { rule, value } = deadline as { rule: unknown; value?: unknown };
    const text = value === undefined || value === null ? '' : String(value);
    const isoDay = rule === 'date' && isoDate().safeParse(text).success;
    return { rule: String(rule), value: isoDay ? formatIsoDate(text) : text };
  }
  return { rule: 'days', value: '30' };
}
