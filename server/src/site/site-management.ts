/**
 * « Gestion chantier » (issue 24): per job, its planning and team, time entries, purchases (supplier
 * invoices), chapter progress of the accepted quote, and its budget against actual. Every call runs
 * in the caller's tenant transaction; the company must hold the scope gestion-de-chantier
 * (`scope_required`), and the job must be the company's (`not_found`, like any foreign id). Each
 * change writes its activity event in the same transaction (server/src/activity/record.ts). The
 * rules with a formula are pure in server/src/domain/siteBudget.ts.
 */
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { formatCents } from '../../../src/contract/format.js';
import { quoteMargins } from '../../../src/contract/quotes.js';
import {
  type PlanningInput,
  type ProgressInput,
  type PurchaseInput,
  siteManagementScope,
  type TimeEntriesInput,
} from '../../../src/contract/siteManagement.js';
import { recordActivity } from '../activity/record.js';
import type { Tx } from '../db/database.js';
import {
  businessJobs,
  chapterProgress,
  companies,
  jobPlannings,
  jobTeamMembers,
  purchases,
  quoteLines,
  quotes,
  timeEntries,
  users,
} from '../db/schema.js';
import { entryCostCents, jobBudget } from '../domain/siteBudget.js';
import { loadJob } from '../invoicing/load.js';
import { done, fail, type Outcome } from '../invoicing/outcome.js';
import { contentOf } from '../invoicing/quotes.js';
import { costsOf } from '../preferences/company-settings.js';
import type { PurchaseRead } from './purchase-file.js';

/** Does the company hold the scope? (spec section 6: the only scope seen.) */
export async function hasSiteScope(tx: Tx, companyId: number): Promise<boolean> {
  const [row] = await tx
    .select({ scopes: companies.scopes })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.scopes.includes(siteManagementScope) ?? false;
}

const userName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

/** The company's users among `ids` (the others are unknown here: another company's, or none). */
async function companyUsers(tx: Tx, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: users.id, name: userName, hourlyCostCents: users.hourlyCostCents })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, [...ids])));
}

// ---------------------------------------------------------------------------------------------
// Planning and team

export interface PlanningJson {
  businessJobId: number;
  startDate: string | null;
  endDate: string | null;
  team: { userId: number; name: string }[];
  /** 0: never saved (the first save sends 0). */
  version: number;
}

export async function planningOf(tx: Tx, companyId: number, jobId: number): Promise<PlanningJson> {
  const [[planning], team] = await Promise.all([
    tx
      .select()
      .from(jobPlannings)
      .where(and(eq(jobPlannings.companyId, companyId), eq(jobPlannings.businessJobId, jobId))),
    tx
      .select({ userId: users.id, name: userName })
      .from(jobTeamMembers)
      .innerJoin(users, eq(users.id, jobTeamMembers.userId))
      .where(and(eq(jobTeamMembers.companyId, companyId), eq(jobTeamMembers.businessJobId, jobId)))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id)),
  ]);
  return {
    businessJobId: jobId,
    startDate: planning?.startDate ?? null,
    endDate: planning?.endDate ?? null,
    team,
    version: planning?.version ?? 0,
  };
}

export async function savePlanning(
  tx: Tx,
  companyId: number,
  userId: number,
  jobId: number,
  input: PlanningInput,
): Promise<Outcome<PlanningJson, 'not_found' | 'stale_version'>> {
  const job = await loadJob(tx, companyId, jobId, true);
  if (!job) return fail('not_found');
  const members = await companyUsers(tx, companyId, input.teamUserIds);
  if (members.length !== input.teamUserIds.length) return fail('not_found');
  const [current] = await tx
    .select({ version: jobPlannings.version })
    .from(jobPlannings)
    .where(and(eq(jobPlannings.companyId, companyId), eq(jobPlannings.businessJobId, jobId)));
  if ((current?.version ?? 0) !== input.version) return fail('stale_version');
  const values = {
    startDate: input.startDate,
    endDate: input.endDate,
    updatedByUserId: userId,
    updatedAt: new Date(),
  };
  if (current) {
    await tx
      .update(jobPlannings)
      .set({ ...values, version: current.version + 1 })
      .where(and(eq(jobPlannings.companyId, companyId), eq(jobPlannings.businessJobId, jobId)));
  } else {
    await tx.insert(jobPlannings).values({ companyId, businessJobId: jobId, ...values });
  }
  await tx
    .delete(jobTeamMembers)
    .where(and(eq(jobTeamMembers.companyId, companyId), eq(jobTeamMembers.businessJobId, jobId)));
  if (input.teamUserIds.length > 0)
    await tx
      .insert(jobTeamMembers)
      .values(input.teamUserIds.map((memberId) => ({ companyId, businessJobId: jobId, userId: memberId })));
  await recordActivity(tx, {
    companyId,
    userId,
    kind: 'planning.updated',
    objectId: jobId,
    label: `Planning de l'affaire ${job.name} modifié`,
    details: { startDate: input.startDate, endDate: input.endDate, team: input.teamUserIds },
  });
  return done(await planningOf(tx, companyId, jobId));
}

// ---------------------------------------------------------------------------------------------
// Time entries

export interface TimeEntryJson {
  id: number;
  userId: number;
  userName: string;
  day: string;
  minutes: number;
  hourlyCostCents: number;
  costCents: number;
}

export async function timeEntriesOf(
  tx: Tx,
  companyId: number,
  jobId: number,
  range: { from?: string | undefined; to?: string | undefined },
): Promise<TimeEntryJson[]> {
  const rows = await tx
    .select({
      id: timeEntries.id,
      userId: timeEntries.userId,
      userName,
      day: timeEntries.day,
      minutes: timeEntries.minutes,
      hourlyCostCents: timeEntries.hourlyCostCents,
    })
    .from(timeEntries)
    .innerJoin(users, eq(users.id, timeEntries.userId))
    .where(
      and(
        eq(timeEntries.companyId, companyId),
        eq(timeEntries.businessJobId, jobId),
        range.from ? gte(timeEntries.day, range.from) : undefined,
        range.to ? lte(timeEntries.day, range.to) : undefined,
      ),
    )
    .orderBy(asc(timeEntries.day), asc(users.lastName), asc(timeEntries.userId))
    .limit(5000);
  return rows.map((r) => ({ ...r, costCents: entryCostCents(r.minutes, r.hourlyCostCents) }));
}

/**
 * A timesheet: each (person, day) replaces that day's hours on the job (0 removes them), at the
 * person's hourly cost of this moment (their own, else the company's « main-d'œuvre chargée »).
 */
export async function recordTimeEntries(
  tx: Tx,
  companyId: number,
  userId: number,
  jobId: number,
  { entries }: TimeEntriesInput,
): Promise<Outcome<TimeEntryJson[], 'not_found'>> {
  const job = await loadJob(tx, companyId, jobId, true);
  if (!job) return fail('not_found');
  const people = await companyUsers(tx, companyId, [...new Set(entries.map((e) => e.userId))]);
  const byId = new Map(people.map((p) => [p.id, p]));
  if (entries.some((e) => !byId.has(e.userId))) return fail('not_found');
  const companyHourly = people.some((p) => p.hourlyCostCents === null)
    ? (await costsOf(tx, companyId)).computed.mocCostCents
    : 0;
  const removed = entries.filter((e) => e.minutes === 0);
  const kept = entries.filter((e) => e.minutes > 0);
  for (const entry of removed) {
    await tx
      .delete(timeEntries)
      .where(
        and(
          eq(timeEntries.companyId, companyId),
          eq(timeEntries.businessJobId, jobId),
          eq(timeEntries.userId, entry.userId),
          eq(timeEntries.day, entry.day),
        ),
      );
  }
  if (kept.length > 0) {
    await tx
      .insert(timeEntries)
      .values(
        kept.map((entry) => ({
          companyId,
          businessJobId: jobId,
          userId: entry.userId,
          day: entry.day,
          minutes: entry.minutes,
          hourlyCostCents: byId.get(entry.userId)!.hourlyCostCents ?? companyHourly,
          recordedByUserId: userId,
        })),
      )
      .onConflictDoUpdate({
        target: [timeEntries.companyId, timeEntries.businessJobId, timeEntries.userId, timeEntries.day],
        set: {
          minutes: sql`excluded.minutes`,
          hourlyCostCents: sql`excluded.hourly_cost_cents`,
          recordedByUserId: sql`excluded.recorded_by_user_id`,
          recordedAt: sql`now()`,
        },
      });
  }
  const days = entries.map((e) => e.day).sort();
  const minutes = kept.reduce((total, e) => total + e.minutes, 0);
  const hours = `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${String(minutes % 60).padStart(2, '0')}` : ''}`;
  await recordActivity(tx, {
    companyId,
    userId,
    kind: 'time_entry.recorded',
    objectId: jobId,
    label: `Heures saisies sur l'affaire ${job.name} : ${hours}`,
    details: { from: days[0], to: days.at(-1), minutes, entries: entries.length },
  });
  return done(await timeEntriesOf(tx, companyId, jobId, { from: days[0], to: days.at(-1) }));
}

/** An admin sets a person's hourly cost (null: the company's « main-d'œuvre chargée »). */
export async function setHourlyCost(
  tx: Tx,
  companyId: number,
  userId: number,
  hourlyCostCents: number | null,
): Promise<Outcome<{ userId: number; hourlyCostCents: number | null }, 'not_found'>> {
  const [row] = await tx
    .update(users)
    .set({ hourlyCostCents })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .returning({ id: users.id });
  if (!row) return fail('not_found');
  return done({ userId, hourlyCostCents });
}

export interface HourlyCostsJson {
  /** The company's « main-d'œuvre chargée » (Coûts et prix): the cost of a person without their own. */
  companyHourlyCostCents: number;
  people: {
    userId: number;
    name: string;
    email: string;
    locked: boolean;
    /** Their own loaded hourly cost; null: the company's. */
    hourlyCostCents: number | null;
  }[];
}

/** Every person of the company with their hourly cost (the admin's screen). */
export async function hourlyCostsOf(tx: Tx, companyId: number): Promise<HourlyCostsJson> {
  const [people, costs] = await Promise.all([
    tx
      .select({
        userId: users.id,
        name: userName,
        email: users.email,
        locked: users.locked,
        hourlyCostCents: users.hourlyCostCents,
      })
      .from(users)
      .where(eq(users.companyId, companyId))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(1000),
    costsOf(tx, companyId),
  ]);
  return { companyHourlyCostCents: costs.computed.mocCostCents, people };
}

// ---------------------------------------------------------------------------------------------
// Purchases

export interface PurchaseJson {
  id: number;
  supplierName: string;
  supplierId: string;
  invoiceNumber: string;
  invoiceDate: string;
  exclTaxCents: number;
  vatCents: number;
  inclTaxCents: number;
  source: 'typed' | 'facturx' | 'cii' | 'ubl';
  fileName: string | null;
  recordedAt: string;
}

const purchaseColumns = {
  id: purchases.id,
  supplierName: purchases.supplierName,
  supplierId: purchases.supplierId,
  invoiceNumber: purchases.invoiceNumber,
  invoiceDate: purchases.invoiceDate,
  exclTaxCents: purchases.exclTaxCents,
  vatCents: purchases.vatCents,
  inclTaxCents: purchases.inclTaxCents,
  source: purchases.source,
  fileName: purchases.fileName,
  recordedAt: purchases.recordedAt,
};

const purchaseJson = (row: Omit<PurchaseJson, 'recordedAt'> & { recordedAt: Date }): PurchaseJson => ({
  ...row,
  exclTaxCents: Number(row.exclTaxCents),
  vatCents: Number(row.vatCents),
  inclTaxCents: Number(row.inclTaxCents),
  recordedAt: row.recordedAt.toISOString(),
});

export async function purchasesOf(tx: Tx, companyId: number, jobId: number): Promise<PurchaseJson[]> {
  const rows = await tx
    .select(purchaseColumns)
    .from(purchases)
    .where(and(eq(purchases.companyId, companyId), eq(purchases.businessJobId, jobId)))
    .orderBy(desc(purchases.invoiceDate), desc(purchases.id))
    .limit(5000);
  return rows.map(purchaseJson);
}

export interface PurchaseFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** A purchase's file as received (an import); null: no such purchase on the job, or it was typed. */
export async function purchaseFileOf(
  tx: Tx,
  companyId: number,
  jobId: number,
  purchaseId: number,
): Promise<PurchaseFile | null> {
  const [row] = await tx
    .select({ name: purchases.fileName, type: purchases.fileType, bytes: purchases.file })
    .from(purchases)
    .where(
      and(
        eq(purchases.companyId, companyId),
        eq(purchases.businessJobId, jobId),
        eq(purchases.id, purchaseId),
      ),
    );
  if (!row?.bytes) return null;
  return { name: row.name ?? 'facture', type: row.type ?? 'application/octet-stream', bytes: row.bytes };
}

/**
 * A supplier invoice on the job, typed or read from its file (kept as received). The same
 * supplier's number twice in the company is refused: a supplier invoice is one cost, once.
 */
export async function recordPurchase(
  tx: Tx,
  companyId: number,
  userId: number,
  jobId: number,
  input: PurchaseInput | PurchaseRead,
  file: PurchaseFile | null,
): Promise<Outcome<PurchaseJson, 'not_found' | 'purchase_already_recorded'>> {
  const job = await loadJob(tx, companyId, jobId, true);
  if (!job) return fail('not_found');
  // One supplier's numbers at a time (a transaction-scoped lock: released at commit, pooler-safe).
  const supplierKey = (input.supplierId || input.supplierName.toLowerCase()).slice(0, 200);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`purchase|${companyId}|${supplierKey}`}))`);
  const [same] = await tx
    .select({ id: purchases.id })
    .from(purchases)
    .where(
      and(
        eq(purchases.companyId, companyId),
        eq(purchases.invoiceNumber, input.invoiceNumber),
        input.supplierId
          ? eq(purchases.supplierId, input.supplierId)
          : sql`lower(${purchases.supplierName}) = ${input.supplierName.toLowerCase()}`,
      ),
    )
    .limit(1);
  if (same) return fail('purchase_already_recorded');
  const source = 'source' in input ? input.source : 'typed';
  const [row] = await tx
    .insert(purchases)
    .values({
      companyId,
      businessJobId: jobId,
      supplierName: input.supplierName,
      supplierId: input.supplierId,
      invoiceNumber: input.invoiceNumber,
      invoiceDate: input.invoiceDate,
      exclTaxCents: input.exclTaxCents,
      vatCents: input.vatCents,
      inclTaxCents: input.inclTaxCents,
      source,
      fileName: file?.name ?? null,
      fileType: file?.type ?? null,
      file: file?.bytes ?? null,
      recordedByUserId: userId,
    })
    .returning(purchaseColumns);
  await recordActivity(tx, {
    companyId,
    userId,
    kind: 'purchase.recorded',
    objectId: jobId,
    label: `Achat ${input.invoiceNumber} de ${input.supplierName} (${formatCents(input.exclTaxCents)} HT) enregistré sur l'affaire ${job.name}`,
    details: { purchaseId: row!.id, source, exclTaxCents: input.exclTaxCents },
  });
  return done(purchaseJson(row!));
}

// ---------------------------------------------------------------------------------------------
// The accepted quotes, the budget and the progress

/** The job's accepted quotes (latest revisions), the most recent first. */
async function acceptedQuotes(tx: Tx, companyId: number, jobId: number) {
  return tx
    .select()
    .from(quotes)
    .where(
      and(
        eq(quotes.companyId, companyId),
        eq(quotes.businessJobId, jobId),
        eq(quotes.status, 'accepted'),
        eq(quotes.latest, true),
      ),
    )
    .orderBy(desc(quotes.date), desc(quotes.id));
}

export async function budgetOf(tx: Tx, companyId: number, jobId: number) {
  const [accepted, entries, bought] = await Promise.all([
    acceptedQuotes(tx, companyId, jobId),
    tx
      .select({ minutes: timeEntries.minutes, hourlyCostCents: timeEntries.hourlyCostCents })
      .from(timeEntries)
      .where(and(eq(timeEntries.companyId, companyId), eq(timeEntries.businessJobId, jobId))),
    tx
      .select({ exclTaxCents: sql<number>`coalesce(sum(${purchases.exclTaxCents}), 0)::bigint` })
      .from(purchases)
      .where(and(eq(purchases.companyId, companyId), eq(purchases.businessJobId, jobId))),
  ]);
  const budget = jobBudget({
    quotes: accepted.map((quote) => {
      const margins = quoteMargins(contentOf(quote));
      return { saleExclTaxCents: margins.ht, costCents: margins.cost, linesWithoutCost: margins.withoutCost };
    }),
    timeEntries: entries,
    purchases: [{ exclTaxCents: Number(bought[0]?.exclTaxCents ?? 0) }],
  });
  return {
    businessJobId: jobId,
    acceptedQuotes: accepted.map((q) => ({ id: q.id, number: q.number, title: q.title })),
    ...budget,
  };
}

export interface ProgressJson {
  businessJobId: number;
  /** The accepted quote the progress is entered on (the most recent); null: none yet. */
  quote: { id: number; number: string; title: string } | null;
  /** How many entries the job's progress holds (append-only): a save sends back the one it read. */
  version: number;
  chapters: {
    chapter: string;
    totalExclTaxCents: number;
    /** The latest recorded on site; null: never. */
    percentBasisPoints: number | null;
    day: string | null;
    userName: string | null;
  }[];
}

/** The latest site progress per chapter of a quote (title → percent). */
export async function siteProgressOfQuote(tx: Tx, companyId: number, quoteId: number) {
  const rows = await tx
    .selectDistinctOn([chapterProgress.chapter], {
      chapter: chapterProgress.chapter,
      percentBasisPoints: chapterProgress.percentBasisPoints,
      day: chapterProgress.day,
      userName: sql<
        string | null
      >`(select trim(u.first_name || ' ' || u.last_name) from users u where u.id = ${chapterProgress.userId})`,
    })
    .from(chapterProgress)
    .where(and(eq(chapterProgress.companyId, companyId), eq(chapterProgress.quoteId, quoteId)))
    .orderBy(chapterProgress.chapter, desc(chapterProgress.id));
  return new Map(rows.map((r) => [r.chapter, r]));
}

/** The job's progress version: its number of entries (append-only, so it only grows). */
async function progressVersion(tx: Tx, companyId: number, jobId: number): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(chapterProgress)
    .where(and(eq(chapterProgress.companyId, companyId), eq(chapterProgress.businessJobId, jobId)));
  return Number(row?.count ?? 0);
}

export async function progressOf(tx: Tx, companyId: number, jobId: number): Promise<ProgressJson> {
  const [[quote], version] = await Promise.all([
    acceptedQuotes(tx, companyId, jobId),
    progressVersion(tx, companyId, jobId),
  ]);
  if (!quote) return { businessJobId: jobId, quote: null, version, chapters: [] };
  const [lines, recorded] = await Promise.all([
    tx
      .select({ chapter: quoteLines.chapter, total: quoteLines.totalExclTaxCents })
      .from(quoteLines)
      .where(and(eq(quoteLines.companyId, companyId), eq(quoteLines.quoteId, quote.id)))
      .orderBy(asc(quoteLines.position), asc(quoteLines.id)),
    siteProgressOfQuote(tx, companyId, quote.id),
  ]);
  const chapters: ProgressJson['chapters'] = [];
  for (const line of lines) {
    let chapter = chapters.find((c) => c.chapter === line.chapter);
    if (!chapter) {
      const site = recorded.get(line.chapter);
      chapter = {
        chapter: line.chapter,
        totalExclTaxCents: 0,
        percentBasisPoints: site?.percentBasisPoints ?? null,
        day: site?.day ?? null,
        userName: site?.userName ?? null,
      };
      chapters.push(chapter);
    }
    chapter.totalExclTaxCents += line.total;
  }
  return {
    businessJobId: jobId,
    quote: { id: quote.id, number: quote.number, title: quote.title },
    version,
    chapters,
  };
}

export async function recordProgress(
  tx: Tx,
  companyId: number,
  userId: number,
  jobId: number,
  input: ProgressInput,
): Promise<
  Outcome<ProgressJson, 'not_found' | 'job_without_accepted_quote' | 'validation' | 'stale_version'>
> {
  // The job's row locked: two saves of its progress run one after the other, the second stale.
  const job = await loadJob(tx, companyId, jobId, true);
  if (!job) return fail('not_found');
  const current = await progressOf(tx, companyId, jobId);
  if (!current.quote) return fail('job_without_accepted_quote');
  if (current.version !== input.version) return fail('stale_version');
  const known = new Set(current.chapters.map((c) => c.chapter));
  const unknown = input.chapters.findIndex((c) => !known.has(c.chapter));
  if (unknown >= 0) return fail('validation', { [`chapters.${unknown}.chapter`]: 'unknown' });
  await tx.insert(chapterProgress).values(
    input.chapters.map((c) => ({
      companyId,
      businessJobId: jobId,
      quoteId: current.quote!.id,
      chapter: c.chapter,
      percentBasisPoints: c.percentBasisPoints,
      day: input.day,
      userId,
    })),
  );
  await recordActivity(tx, {
    companyId,
    userId,
    kind: 'progress.recorded',
    objectId: jobId,
    label: `Avancement saisi sur l'affaire ${job.name} (devis ${current.quote.number})`,
    details: {
      quoteId: current.quote.id,
      day: input.day,
      chapters: input.chapters.map((c) => ({ chapter: c.chapter, percentBasisPoints: c.percentBasisPoints })),
    },
  });
  return done(await progressOf(tx, companyId, jobId));
}

/** The job exists in the company (reads answer 404 otherwise). */
export async function jobExists(tx: Tx, companyId: number, jobId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: businessJobs.id })
    .from(businessJobs)
    .where(and(eq(businessJobs.companyId, companyId), eq(businessJobs.id, jobId)));
  return row !== undefined;
}
