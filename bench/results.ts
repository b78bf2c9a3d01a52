/**
 * bench/results.md, which every benchmark writes its own block of: the block marked
 * `<!-- kind -->…<!-- /kind -->` is replaced on each run, or added at the end under its heading;
 * the other benchmarks' blocks are left as they are.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const resultsFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results.md');

/** The database a server benchmark measures: PostgreSQL when DATABASE_URL is set, else PGlite. */
export const databaseKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';

/** « Run 2026-11-23 05:30 UTC · Node v20.20.2 · 2 cores »: how every section's run line starts. */
export const runStamp = () =>
  `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · Node ${process.version} · ${os.cpus().length} cores`;

/** The 1-minute load average (the box is shared: figures are read with it). */
export const loadAverage = () => os.loadavg()[0]!.toFixed(2);

/**
 * Writes `section` as the block `kind` of results.md. `heading` (a `##` line) is added once before
 * the first block under it; `newFile` is the text a missing results.md starts with.
 */
export function writeResultsSection(
  kind: string,
  section: string,
  { heading, newFile = '# Benchmark results\n' }: { heading?: string; newFile?: string } = {},
): void {
  let next = fs.existsSync(resultsFile) ? fs.readFileSync(resultsFile, 'utf8') : newFile;
  const block = `<!-- ${kind} -->\n${section.trimEnd()}\n<!-- /${kind} -->`;
  const pattern = new RegExp(`<!-- ${kind} -->[\\s\\S]*?<!-- /${kind} -->`);
  if (heading && !next.includes(heading)) next = `${next.trimEnd()}\n\n${heading}\n`;
  // A function as replacement: a `$` in the section is text, not a pattern reference.
  next = pattern.test(next) ? next.replace(pattern, () => block) : `${next.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(resultsFile, next);
  console.log(`\nWritten to ${path.relative(process.cwd(), resultsFile)}`);
}
