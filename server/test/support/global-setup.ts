/**
 * Once per run on PGlite: boot, migrate and seed one database, and dump it. Each test file then
 * starts from that snapshot (under a second) instead of booting and seeding (several seconds).
 * On PostgreSQL (DATABASE_URL) each file creates its own database instead (see harness.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/database.js';
import { seedDemo } from '../../src/db/seed.js';
import { testPassword } from './constants.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteSnapshot', '');
    return;
  }
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
