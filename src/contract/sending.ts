/**
 * Sending invoices by email (issue 10), as both sides read it: the sending settings (sender, subject
 * and body templates), the placeholders a template may use, how a template is rendered, and the
 * body of a send. Plain text only: a template and the values put in it are never read as HTML, and
 * a rendered subject is one line (no header can be added through it).
 */
import { z } from 'zod';
import { optionalEmail, whenMissing } from './fields.js';
import { lazy } from './lazy.js';

/**
 * The placeholders, in French as the user types them: the invoice's number, its amount incl. tax
 * (« 1 234,56 € »), the customer's name, the due date and the invoice date (dd/MM/yyyy), and the
 * company's name.
 */
export const sendingPlaceholders = ['numero', 'montant', 'client', 'echeance', 'date', 'entreprise'] as const;
export type SendingPlaceholder = (typeof sendingPlaceholders)[number];
export type SendingValues = Record<SendingPlaceholder, string>;

export const defaultSubjectTemplate = 'Facture {numero} - {entreprise}';
export const defaultBodyTemplate = [
  'Bonjour,',
  '',
  "Veuillez trouver ci-joint notre facture {numero} du {date}, d'un montant de {montant} TTC, à régler avant le {echeance}.",
  '',
  'Nous restons à votre disposition pour toute question.',
  '',
  'Cordialement,',
  '{entreprise}',
].join('\n');

export const sendingLimits = { senderName: 100, subject: 200, body: 5000 } as const;

const placeholderPattern = /\{([^{}\s]*)\}/g;

/** The `{…}` of a template that are not placeholders (a typo the user should see before sending). */
export function unknownPlaceholders(template: string): string[] {
  const known = new Set<string>(sendingPlaceholders);
  return [...template.matchAll(placeholderPattern)]
    .map((match) => match[1] ?? '')
    .filter((name) => !known.has(name));
}

/**
 * Each placeholder replaced by its value, in one pass: a value that itself contains `{numero}` (a
 * customer named so) stays as written, never expanded again. Unknown `{…}` stay as typed.
 */
export function renderTemplate(template: string, values: SendingValues): string {
  return template.replace(placeholderPattern, (whole, name: string) =>
    (sendingPlaceholders as readonly string[]).includes(name) ? values[name as SendingPlaceholder] : whole,
  );
}

/** A subject is one line: line breaks (from a template or a value) become spaces. */
export function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').trim();
}

const requiredLine = (max: number) =>
  z
    .string({ error: whenMissing('string') })
    .trim()
    .min(1, 'required')
    .max(max, 'too_long')
    .refine((value) => !/[\r\n]/.test(value), 'invalid');

const requiredEmail = () => optionalEmail().refine((value) => value !== '', 'required');

const template = (max: number, multiline: boolean) =>
  z
    .string({ error: whenMissing('string') })
    .trim()
    .min(1, 'required')
    .max(max, 'too_long')
    .refine((value) => multiline || !/[\r\n]/.test(value), 'invalid')
    .refine((value) => unknownPlaceholders(value).length === 0, 'invalid');

/** The fields of the sending settings, each checked alone. */
export const sendingSettingsFields = {
  senderName: requiredLine(sendingLimits.senderName),
  senderEmail: requiredEmail(),
  subjectTemplate: template(sendingLimits.subject, false),
  bodyTemplate: template(sendingLimits.body, true),
};

/** `POST …/settings/sending/edit`: the version read, and the fields changed. */
export const sendingSettingsEditSchema = lazy(() =>
  z.object({
    version: z.number({ error: whenMissing('number') }).int('number'),
    senderName: sendingSettingsFields.senderName.optional(),
    senderEmail: sendingSettingsFields.senderEmail.optional(),
    subjectTemplate: sendingSettingsFields.subjectTemplate.optional(),
    bodyTemplate: sendingSettingsFields.bodyTemplate.optional(),
  }),
);
export type SendingSettingsEdit = z.infer<typeof sendingSettingsEditSchema>;

/**
 * `POST …/invoices/{id}/send`: what the dialog shows, as the user left it. Without `to` the
 * customer's email; without `subject`/`text` the settings' templates rendered for this invoice.
 * The text the user edits is sent as typed: no placeholder is expanded in it.
 */
export const invoiceSendSchema = lazy(() =>
  z.object({
    to: optionalEmail().optional(),
    // Room for the values a rendered subject holds beyond its template's.
    subject: requiredLine(sendingLimits.subject * 2).optional(),
    text: z
      .string({ error: 'string' })
      .trim()
      .min(1, 'required')
      .max(sendingLimits.body * 2, 'too_long')
      .optional(),
  }),
);
export type InvoiceSendInput = z.infer<typeof invoiceSendSchema>;
