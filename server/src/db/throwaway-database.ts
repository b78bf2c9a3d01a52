/**
 * A PostgreSQL database made for one test file or one benchmark run and dropped after it, on the
 * server that `adminUrl` reaches (a role allowed to CREATE DATABASE, no superuser needed).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ThrowawayDatabase {
  /** The new database's connection URL. */
  url: string;
  /** The server's version, as PostgreSQL reports it. */
  serverVersion: string;
  drop(): Promise<void>;
}

/**
 * `template`: a database to copy (CREATE DATABASE … TEMPLATE, a file copy inside the server) instead
 * of an empty one; nobody may be connected to it meanwhile. The test suite copies one migrated and
 * seeded database per file instead of migrating and seeding each (test/support/global-setup.ts).
 */
export async function createThrowawayDatabase(
  adminUrl: string,
  prefix: string,
  { template }: { template?: string } = {},
): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  let serverVersion: string;
  try {
    if (template !== undefined && !/^[a-z_][a-z0-9_]*$/.test(template))
      throw new Error(`Bad template name: ${template}`);
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
    serverVersion = (await admin.query('show server_version')).rows[0].server_version;
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    serverVersion,
    drop: async () => {
      // Plain DROP, retried: autovacuum may still be on the new database for a moment (WITH (FORCE)
      // cannot stop it without superuser rights). A leftover throwaway database is not worth a failure.
      for (let attempt = 1; attempt <= 10; attempt++) {
        const client = new pg.Client({ connectionString: adminUrl });
        try {
          await client.connect();
          await client.query(`drop database if exists ${name}`);
          return;
        } catch (error) {
          if (attempt === 10) console.warn(`Could not drop ${name}: ${String(error)}`);
          else await new Promise((resolve) => setTimeout(resolve, 300));
        } finally {
          await client.end();
        }
      }
    },
  };
}
