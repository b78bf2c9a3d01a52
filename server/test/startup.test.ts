/**
 * Start-up safety: the demo seed only when asked (by default only for the embedded database), and
 * with DATABASE_URL a missing JWT_SECRET stops the start with a clear message.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig, repoRoot } from '../src/config.js';
import { createThrowawayDatabase } from '../src/db/throwaway-database.js';
import { createMemoryLogger } from '../src/log.js';
import { startServers } from '../src/server.js';
import { makeDistDir, testConfig } from './support/harness.js';

describe('SEED_DEMO', () => {
  it('seeds the embedded database by default, a DATABASE_URL database only with SEED_DEMO=1', () => {
    const url = 'postgres://bo:bo@db.example:5432/bo';
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: url }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it.runIf(process.env.DATABASE_URL)('a fresh PostgreSQL database is migrated, not seeded', async () => {
    const throwaway = await createThrowawayDatabase(process.env.DATABASE_URL!, 'bo_test');
    try {
      const distDir = makeDistDir();
      const config = testConfig({
        platformPort: 0,
        clientPort: 0,
        distDir,
        databaseUrl: throwaway.url,
        seedDemo: loadConfig({ DATABASE_URL: throwaway.url }).seedDemo,
      });
      const servers = await startServers(config, { log: createMemoryLogger(), hostname: '127.0.0.1' });
      const { rows } = (await servers.db.owner.execute(
        sql`select count(*)::int as n from companies`,
      )) as unknown as {
        rows: { n: number }[];
      };
      await servers.close();
      fs.rmSync(distDir, { recursive: true, force: true });
      expect(rows[0]!.n).toBe(0);
    } finally {
      await throwaway.drop();
    }
  });
});

describe('JWT_SECRET', () => {
  it('with DATABASE_URL and no JWT_SECRET, npm start stops with a clear message and a non-zero code', () => {
    const env = {
      ...process.env,
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      JWT_SECRET: '',
      PLATFORM_PORT: '0',
      CLIENT_PORT: '0',
    };
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server/src/main.ts')], {
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('JWT_SECRET manquant');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
