import { fieldCodeMessage } from '../../../i18n/fieldCodeMessages';
import type { CustomerFormValues } from './customerFormSchema';

type FormField = keyof CustomerFormValues;

/** API field paths whose form field has another name. */
function formFieldOf(path: string, known: readonly string[]): FormField | null {
  if (path === 'paymentDeadline.rule') return 'deadlineRule';
  if (path.startsWith('paymentDeadline')) return 'deadlineValue';
  if (path.startsWith('paymentModes')) return 'paymentModes';
  return known.includes(path) ? (path as FormField) : null;
}

/**
 * A 422 `fields` answer mapped back onto the form's fields, in the form's order so that the first
 * one can take the focus. Fields the form does not show are dropped (the toast still tells).
 */
export function serverFieldErrors(
  fields: Record<string, string>,
  formOrder: readonly string[],
): { name: FormField; message: string }[] {
  const mapped = new Map<FormField, string>();
  for (const [path, code] of Object.entries(fields)) {
    const name = formFieldOf(path, formOrder);
    if (name && !mapped.has(name)) mapped.set(name, fieldCodeMessage(code));
  }
  return [...mapped]
    .sort(([a], [b]) => formOrder.indexOf(a) - formOrder.indexOf(b))
    .map(([name, message]) => ({ name, message }));
}
