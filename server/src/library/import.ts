/**
 * A supplier's price list into the library (issue 22, « Imports »): the preview (what each line
 * would do, and every line's errors) and the import itself. A line's code finds the company's item
 * (codes compared without accents or case, as the list's code_key): found, the item is updated
 * (designation, unit, price, family); not found, a supply is created. Families are found by name
 * (without accents or case) or created at the top of the tree. Lines with an error are left out and
 * counted; the others go in ONE transaction (the route's), in statements of `batchSize` rows
 * (unnest of one array per column: a few parameters whatever the batch), so a failure leaves the
 * library as it was.
 */
import { sql } from 'drizzle-orm';
import { type ImportMapping, importRules } from '../../../src/contract/libraryImport.js';
import { rowsOf, type Tx } from '../db/database.js';
import type { ImportTable } from './import-file.js';
import { type ImportLine, type LineError, readLine } from './import-lines.js';

export type ImportAction = 'create' | 'update';

interface PlannedLine extends ImportLine {
  /** The item a code found (update), null: a new supply. */
  itemId: number | null;
}

export interface ImportPlan {
  lines: PlannedLine[];
  errors: LineError[];
}

const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Codes looked up per statement. */
const lookupBatch = 10_000;
const param = (value: unknown) => sql`${sql.param(value)}`;

/** The same folding as bo_fold (migration 0006) for family names: accents off, lower case. */
const foldName = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Every line read and checked against the company's library: its errors (in French), or the item
 * it creates or updates. A code twice in the file: the later line is refused. A code of a work:
 * refused (a work's price is its composition's).
 */
export async function planImport(
  tx: Tx,
  companyId: number,
  table: ImportTable,
  mapping: ImportMapping,
): Promise<ImportPlan> {
  const errors: LineError[] = [];
  const read: ImportLine[] = [];
  for (const row of table.rows) {
    const outcome = readLine(row.line, row.cells, mapping);
    if (outcome.ok) read.push(outcome.item);
    else errors.push(...outcome.errors);
  }
  // Each code folded by the database's own bo_fold, with the company's item of that code (the
  // oldest, if the library holds the code twice), through the code index; by batches, so that no
  // statement of a 200 000-line file nears the statement timeout.
  const found: { key: string; id: number | null; kind: string | null }[] = [];
  for (const batch of chunks(read, lookupBatch)) {
    found.push(
      ...rowsOf<(typeof found)[number]>(
        await tx.execute(sql`select bo_fold(k.code) as key, m.id, m.kind
          from unnest(${param(batch.map((line) => line.code))}::text[]) with ordinality as k(code, n)
          left join lateral (
            select i.id, i.kind from library_items i
            where i.company_id = ${companyId} and i.code_key = bo_fold(k.code)
            order by i.id limit 1
          ) m on true
          order by k.n`),
      ),
    );
  }
  const firstLine = new Map<string, number>();
  const lines: PlannedLine[] = [];
  read.forEach((line, index) => {
    const match = found[index]!;
    const earlier = firstLine.get(match.key);
    if (earlier !== undefined) {
      errors.push({
        line: line.line,
        field: 'code',
        message: `Le code « ${line.code} » figure déjà ligne ${earlier} : une seule ligne par code.`,
      });
      return;
    }
    firstLine.set(match.key, line.line);
    if (match.kind === 'work') {
      errors.push({
        line: line.line,
        field: 'code',
        message: `Le code « ${line.code} » est celui d'un ouvrage : son prix vient de sa composition, un import ne le change pas.`,
      });
      return;
    }
    lines.push({ ...line, itemId: match.id });
  });
  errors.sort((a, b) => a.line - b.line);
  return { lines, errors };
}

/** How many lines a plan creates, updates and leaves out. */
export const planCounts = (plan: ImportPlan) => ({
  create: plan.lines.filter((line) => line.itemId === null).length,
  update: plan.lines.filter((line) => line.itemId !== null).length,
  rejected: new Set(plan.errors.map((error) => error.line)).size,
});

/** The first errors the answer lists (importRules.maxListedErrors), and how many lines have one. */
export const listedErrors = (errors: LineError[]) => errors.slice(0, importRules.maxListedErrors);

/** Family names → ids: the company's family of that name (the oldest), else a new top-level one. */
async function familyIds(tx: Tx, companyId: number, names: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (names.length === 0) return ids;
  const existing = rowsOf<{ id: number; name: string }>(
    await tx.execute(sql`select id, name from library_families where company_id = ${companyId} order by id`),
  );
  for (const family of existing)
    if (!ids.has(foldName(family.name))) ids.set(foldName(family.name), family.id);
  const missing = new Map<string, string>();
  for (const name of names) {
    const key = foldName(name);
    if (!ids.has(key) && !missing.has(key)) missing.set(key, name);
  }
  if (missing.size > 0) {
    const created = rowsOf<{ id: number; name: string }>(
      await tx.execute(sql`insert into library_families (company_id, name)
        select ${companyId}, n from unnest(${param([...missing.values()])}::text[]) as n
        returning id, name`),
    );
    for (const family of created) ids.set(foldName(family.name), family.id);
  }
  return ids;
}

export interface ImportResult {
  created: number;
  updated: number;
  /** Lines whose item already had exactly these figures. */
  unchanged: number;
  rejected: number;
}

export interface ImportOptions {
  /** Rows per statement (the bench and tests change it). */
  batchSize?: number;
  /** Called after each batch is written (a test makes one fail, to prove nothing stays). */
  afterBatch?: (written: number) => Promise<void> | void;
}

/**
 * Writes a plan's lines (in the caller's transaction): families first, then updates and inserts by
 * batches. One import at a time per company (a transaction-scoped lock), so that two imports of the
 * same new code cannot each create it.
 */
export async function runImport(
  tx: Tx,
  companyId: number,
  plan: ImportPlan,
  { batchSize = 5000, afterBatch }: ImportOptions = {},
): Promise<ImportResult> {
  const families = await familyIds(
    tx,
    companyId,
    plan.lines.flatMap((line) => (line.family ? [line.family] : [])),
  );
  const familyOf = (line: ImportLine) => (line.family ? (families.get(foldName(line.family)) ?? null) : null);
  let written = 0;
  let updated = 0;
  const updates = plan.lines.filter((line) => line.itemId !== null);
  for (const batch of chunks(updates, batchSize)) {
    // A labour item keeps its unit (h); an empty unit or family column keeps the item's.
    const changed = rowsOf<{ id: number }>(
      await tx.execute(sql`update library_items i set
          designation = u.designation,
          unit = case when i.kind = 'labour' then i.unit else coalesce(u.unit, i.unit) end,
          unit_cost_cents = u.cost,
          family_id = coalesce(u.family_id, i.family_id),
          version = i.version + 1,
          updated_at = now()
        from unnest(${param(batch.map((l) => l.itemId))}::int[], ${param(batch.map((l) => l.designation))}::text[],
          ${param(batch.map((l) => l.unit))}::text[], ${param(batch.map((l) => l.priceCents))}::int[],
          ${param(batch.map(familyOf))}::int[]) as u(id, designation, unit, cost, family_id)
        where i.id = u.id and i.company_id = ${companyId}
          and (i.designation, i.unit, i.unit_cost_cents, i.family_id) is distinct from
            (u.designation, case when i.kind = 'labour' then i.unit else coalesce(u.unit, i.unit) end, u.cost,
             coalesce(u.family_id, i.family_id))
        returning i.id`),
    );
    updated += changed.length;
    written += batch.length;
    await afterBatch?.(written);
  }
  const inserts = plan.lines.filter((line) => line.itemId === null);
  for (const batch of chunks(inserts, batchSize)) {
    await tx.execute(sql`insert into library_items (company_id, kind, code, designation, unit, unit_cost_cents, family_id)
      select ${companyId}, 'supply', n.code, n.designation, n.unit, n.cost, n.family_id
      from unnest(${param(batch.map((l) => l.code))}::text[], ${param(batch.map((l) => l.designation))}::text[],
        ${param(batch.map((l) => l.unit ?? ''))}::text[], ${param(batch.map((l) => l.priceCents))}::int[],
        ${param(batch.map(familyOf))}::int[]) as n(code, designation, unit, cost, family_id)`);
    written += batch.length;
    await afterBatch?.(written);
  }
  return {
    created: inserts.length,
    updated,
    unchanged: updates.length - updated,
    rejected: new Set(plan.errors.map((error) => error.line)).size,
  };
}

/** One import at a time per company: taken before the plan reads the library. */
export const lockImports = (tx: Tx, companyId: number): Promise<unknown> =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('library_import'), ${companyId})`);
