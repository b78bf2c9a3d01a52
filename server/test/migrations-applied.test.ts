/**
 * A migration dated before the last one a database applied is skipped by drizzle for good (two of
 * ours are: 0018 and 0021). The server refuses to start on a database that lacks one.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertEveryMigrationApplied, type Database } from '../src/db/database.js';
import { openTestDatabase } from './support/harness.js';

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
});
afterAll(async () => {
  await db.close();
  await drop();
});

describe('every migration of the journal is applied', () => {
  it('a migrated database passes; one that never recorded 0021 is refused, naming it', async () => {
    await expect(assertEveryMigrationApplied(db)).resolves.toBeUndefined();
    // As a database migrated to 0020 before 0021 existed: 0021 (dated before 0020) is not recorded.
    const journal = JSON.parse(fs.readFileSync('migrations/meta/_journal.json', 'utf8')) as {
      entries: { tag: string; when: number }[];
    };
    const { when } = journal.entries.find((entry) => entry.tag === '0021_concurrent_edit_versions')!;
    await db.owner.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${when}`);
    await expect(assertEveryMigrationApplied(db)).rejects.toThrow(/0021_concurrent_edit_versions/);
  });
});
