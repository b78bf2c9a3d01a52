/**
 * Writing the company's activity log (issue 24). Every business change calls `recordActivity` with
 * the transaction that makes the change: the event is committed with it, or rolled back with it (a
 * refused or failed change leaves no event). Events are never updated nor deleted (bo_app may only
 * INSERT and SELECT them, migration 0041): this is the « piste d'audit fiable » of docs/decisions.md.
 */

import { and, eq } from 'drizzle-orm';
import {
  type ActivityKind,
  type ActivityObjectType,
  activityObjectTypeOfKind,
  activityRules,
} from '../../../src/contract/activity.js';
import type { Tx } from '../db/database.js';
import { activityEvents, invoices } from '../db/schema.js';

export interface ActivityInput {
  companyId: number;
  /** Who made the change; null for the system or a connected application. */
  userId: number | null;
  kind: ActivityKind;
  /** By default the kind's own (customer.created → customer; credit_note.issued → invoice). */
  objectType?: ActivityObjectType;
  objectId: number | null;
  /** The French sentence, as the log shows it (« Facture FA-2026-00012 validée »). */
  label: string;
  /** What the sentence does not say: a revert's reason, the fields changed, an amount in cents. */
  details?: Record<string, unknown>;
  /** When it happened; by default the transaction's time (now). The seed dates its history. */
  occurredAt?: Date | undefined;
}

/** A label fits the log's column: one line, at most activityRules.labelMax characters. */
export function activityLabel(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > activityRules.labelMax ? `${line.slice(0, activityRules.labelMax - 1)}…` : line;
}

/** Adds one event in the caller's transaction (which is the change's own). */
export async function recordActivity(tx: Tx, input: ActivityInput): Promise<void> {
  await tx.insert(activityEvents).values({
    companyId: input.companyId,
    userId: input.userId,
    kind: input.kind,
    objectType: input.objectType ?? activityObjectTypeOfKind(input.kind),
    objectId: input.objectId,
    label: activityLabel(input.label),
    details: input.details ?? {},
    ...(input.occurredAt ? { occurredAt: input.occurredAt } : {}),
  });
}

type Done<O> = O extends { ok: true; value: infer V } ? V : never;

/**
 * Records the event of a change that went through (its outcome ok), in the same transaction, and
 * answers the outcome unchanged: a refusal writes nothing. `event` may answer null (nothing to log).
 */
export async function recordIfDone<O extends { ok: boolean }>(
  tx: Tx,
  outcome: O,
  event: (value: Done<O>) => ActivityInput | null | Promise<ActivityInput | null>,
): Promise<O> {
  if (!outcome.ok) return outcome;
  const input = await event((outcome as unknown as { value: Done<O> }).value);
  if (input) await recordActivity(tx, input);
  return outcome;
}

/** A customer's name as the log writes it: the company's name, else the person's. */
export function customerLabelName(customer: { companyName: string; firstName: string; lastName: string }) {
  return customer.companyName.trim() || `${customer.firstName} ${customer.lastName}`.trim() || 'sans nom';
}

/** The body fields a change sent (its bookkeeping left out): the event's `details.changed`. */
export function changedFields(body: object, bookkeeping: readonly string[] = ['id', 'version']): string[] {
  return Object.entries(body)
    .filter(([key, value]) => value !== undefined && !bookkeeping.includes(key))
    .map(([key]) => key)
    .sort();
}

/** How the log names an invoice of each kind (« Situation FA-2026-00012 validée »). */
export function invoiceWord(kind: string): string {
  switch (kind) {
    case 'deposit':
      return "Facture d'acompte";
    case 'progress':
      return 'Situation';
    case 'credit_note':
      return 'Avoir';
    default:
      return 'Facture';
  }
}

/** « Facture FA-2026-00012 », « Situation FA-2026-00013 »: an invoice as the log names it. */
export async function invoiceName(tx: Tx, companyId: number, id: number): Promise<string> {
  const [row] = await tx
    .select({ kind: invoices.kind, number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
  return row ? `${invoiceWord(row.kind)} ${row.number ?? 'provisoire'}` : `Facture n° ${id}`;
}
