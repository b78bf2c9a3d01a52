/**
 * Once per run on PGlite: boot, migrate and seed one database, and dump it. Each test file then
 * starts from that snapshot (under a second) instead of booting and seeding (several seconds).
 * On PostgreSQL (DATABASE_URL) the same idea: one database migrated and seeded here, which each file
 * copies into its own (CREATE DATABASE … TEMPLATE, a fraction of a second, where migrating and
 * seeding took about ten seconds per file: most of the PostgreSQL run). See harness.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/database.js';
import { seedDemo } from '../../src/db/seed.js';
import { createThrowawayDatabase } from '../../src/db/throwaway-database.js';
import { testPassword } from './constants.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    /** On PostgreSQL: the migrated and seeded database each file copies. */
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteSnapshot', '');
    const template = await createThrowawayDatabase(process.env.DATABASE_URL, 'bo_test_template');
    const db = await openDatabase({ databaseUrl: template.url });
    await seedDemo(db, { password: testPassword });
    // Nobody may be connected to a template while it is copied.
    await db.close();
    project.provide('pgTemplate', new URL(template.url).pathname.slice(1));
    return () => template.drop();
  }
  project.provide('pgTemplate', '');
  const db = await openDatabase({ dataDir: 'memory://' });
  await seedDemo(db, { password: testPassword });
  const dump = await db.pglite!.dumpDataDir('none');
  await db.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-server-test-'));
  const file = path.join(dir, 'seeded.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
