/**
 * « Suivi d'activité » (issue 24): the company's append-only activity log, as both sides read it.
 * The server writes one event per business change, in that change's transaction
 * (server/src/activity/record.ts); the list and its CSV export filter on these kinds and object
 * types; `<bo-activity-log>` shows these labels in its filters. /work/notes/ACTIVITY-API.md and
 * docs/api.md describe the answers. The answer's schema is here too: the server declares it
 * (server/src/schemas/activity.ts) and the client parses with it (src/features/activity/api.ts).
 * Pure TypeScript + zod: no DOM, no server import.
 */
import { z } from 'zod';
import { lazy } from './lazy.js';

/** Every kind of event, « object.verb ». H3's site-management kinds are at the end. */
export const activityKinds = [
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'business_job.created',
  'business_job.reception_date_set',
  'quote.created',
  'quote.sent',
  'quote.accepted',
  'quote.refused',
  'invoice.validated',
  'invoice.reverted',
  'invoice.sent',
  'invoice.cancelled',
  'credit_note.issued',
  'payment.recorded',
  'payment.deleted',
  'bank.created',
  'bank.updated',
  'bank.deleted',
  'vat_rate.created',
  'vat_rate.updated',
  'vat_rate.deleted',
  'settings.updated',
  'user.invited',
  'user.locked',
  'user.unlocked',
  'user.admin_granted',
  'user.admin_revoked',
  'user.hourly_cost_set',
  'time_entry.recorded',
  'purchase.recorded',
  'planning.updated',
  'progress.recorded',
] as const;
export type ActivityKind = (typeof activityKinds)[number];

/** What an event is about; its `objectId` is that object's id (null for the company's settings). */
export const activityObjectTypes = [
  'customer',
  'business_job',
  'quote',
  'invoice',
  'payment',
  'bank',
  'vat_rate',
  'settings',
  'user',
] as const;
export type ActivityObjectType = (typeof activityObjectTypes)[number];

export const isActivityKind = (value: string): value is ActivityKind =>
  (activityKinds as readonly string[]).includes(value);

export const isActivityObjectType = (value: string): value is ActivityObjectType =>
  (activityObjectTypes as readonly string[]).includes(value);

/** The kind filter's French words (the event's own `label` is the sentence written at that moment). */
export const activityKindLabels: Record<ActivityKind, string> = {
  'customer.created': 'Client créé',
  'customer.updated': 'Client modifié',
  'customer.deleted': 'Client supprimé',
  'business_job.created': 'Affaire créée',
  'business_job.reception_date_set': 'Date de réception saisie',
  'quote.created': 'Devis créé',
  'quote.sent': 'Devis envoyé',
  'quote.accepted': 'Devis accepté',
  'quote.refused': 'Devis refusé',
  'invoice.validated': 'Facture validée',
  'invoice.reverted': 'Facture repassée en PROVISOIRE',
  'invoice.sent': 'Facture envoyée',
  'invoice.cancelled': 'Facture annulée',
  'credit_note.issued': 'Avoir émis',
  'payment.recorded': 'Règlement enregistré',
  'payment.deleted': 'Règlement supprimé',
  'bank.created': 'Banque ajoutée',
  'bank.updated': 'Banque modifiée',
  'bank.deleted': 'Banque supprimée',
  'vat_rate.created': 'Taux de TVA ajouté',
  'vat_rate.updated': 'Taux de TVA modifié',
  'vat_rate.deleted': 'Taux de TVA supprimé',
  'settings.updated': 'Paramètres modifiés',
  'user.invited': 'Utilisateur invité',
  'user.locked': 'Utilisateur verrouillé',
  'user.unlocked': 'Utilisateur déverrouillé',
  'user.admin_granted': 'Droits administrateur accordés',
  'user.admin_revoked': 'Droits administrateur retirés',
  'user.hourly_cost_set': 'Coût horaire modifié',
  'time_entry.recorded': 'Heures saisies',
  'purchase.recorded': 'Achat enregistré',
  'planning.updated': 'Planning modifié',
  'progress.recorded': 'Avancement saisi',
};

/** The object filter's French words. */
export const activityObjectTypeLabels: Record<ActivityObjectType, string> = {
  customer: 'Client',
  business_job: 'Affaire',
  quote: 'Devis',
  invoice: 'Facture',
  payment: 'Règlement',
  bank: 'Banque',
  vat_rate: 'Taux de TVA',
  settings: 'Paramètres',
  user: 'Utilisateur',
};

/** Each kind's object type: the server writes it, the screen groups the kind filter by it. */
export const activityObjectTypeOfKind = (kind: ActivityKind): ActivityObjectType => {
  const prefix = kind.slice(0, kind.indexOf('.'));
  if (prefix === 'credit_note') return 'invoice';
  if (prefix === 'time_entry' || prefix === 'purchase' || prefix === 'planning' || prefix === 'progress')
    return 'business_job';
  return prefix as ActivityObjectType;
};

export const activityRules = {
  /** A page of the list: 1 to 200 events, 50 by default (as every list). */
  maxLimit: 200,
  defaultLimit: 50,
  /** A label is one French sentence; longer text (a customer's name) is cut. */
  labelMax: 300,
  /** A revert's reason (« Motif »), asked in the revert dialog and kept in the event's details. */
  reasonMax: 500,
} as const;

const int = () => z.number().int();

/** One event as `GET …/activity` answers it. */
export const activityEventSchema = lazy(() =>
  z.object({
    id: int(),
    occurredAt: z.string().meta({ format: 'date-time' }),
    kind: z.enum(activityKinds),
    userId: int().nullable().meta({ description: 'Null: the system or a connected application' }),
    userName: z.string().nullable(),
    objectType: z.enum(activityObjectTypes),
    objectId: int().nullable().meta({ description: "The object's id (null for the company's settings)" }),
    label: z.string().meta({ description: 'The French sentence written at that moment' }),
    details: z.record(z.string(), z.unknown()),
  }),
);
export type ActivityEvent = z.output<typeof activityEventSchema>;

/** A page of the log, newest first, and how many events the filters select. */
export const activityPageSchema = lazy(() => z.object({ data: z.array(activityEventSchema), total: int() }));

/** The list's filters, as query parameters (all optional; from/to are yyyy-MM-dd, Paris days, inclusive). */
export interface ActivityFilters {
  kind?: ActivityKind;
  userId?: number;
  objectType?: ActivityObjectType;
  objectId?: number;
  from?: string;
  to?: string;
}
