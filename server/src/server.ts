/**
 * Boots everything: database (migrate, and seed when asked), the two apps, the two listeners.
 * `main.ts` calls it; a test and the bench call it with port 0.
 */
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { type Apps, createApps } from './app.js';
import { type AppConfig, checkStartupConfig, pgliteDir } from './config.js';
import { type Database, type OpenOptions, openDatabase } from './db/database.js';
import { seedDemo } from './db/seed.js';
import { createLogger, type Logger } from './log.js';

export interface RunningServers {
  apps: Apps;
  db: Database;
  platformUrl: string;
  clientUrl: string;
  close(): Promise<void>;
}

function listen(app: Apps['platform'], port: number, hostname: string | undefined): Promise<ServerType> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port, ...(hostname ? { hostname } : {}) }, () =>
      resolve(server),
    );
  });
}

function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Keep-alive sockets would hold close() open; the process is stopping anyway.
    (server as { closeAllConnections?: () => void }).closeAllConnections?.();
  });
}

export async function startServers(
  config: AppConfig,
  {
    log = createLogger(),
    hostname,
    database,
    db: openedDb,
    seed = config.seedDemo,
  }: {
    log?: Logger;
    hostname?: string;
    /** How to open the database (default: from the configuration)... */
    database?: OpenOptions;
    /** ...or one already open (the bench seeds it first). close() closes it either way. */
    db?: Database;
    /** Seed the demo companies (default: the configuration's SEED_DEMO rule). */
    seed?: boolean;
  } = {},
): Promise<RunningServers> {
  checkStartupConfig(config);
  const db =
    openedDb ??
    (await openDatabase(database ?? { databaseUrl: config.databaseUrl, dataDir: pgliteDir(config) }));
  if (seed && (await seedDemo(db, { password: config.demoPassword, starterLibrary: true })))
    log.log('info', 'seeded', { companies: 2 });
  const apps = createApps({ config, db, log });
  const platform = await listen(apps.platform, config.platformPort, hostname);
  const client = await listen(apps.client, config.clientPort, hostname);
  const url = (server: ServerType) =>
    `http://${hostname ?? 'localhost'}:${(server.address() as AddressInfo).port}`;
  return {
    apps,
    db,
    platformUrl: url(platform),
    clientUrl: url(client),
    async close() {
      await Promise.all([closeServer(platform), closeServer(client)]);
      await db.close();
    },
  };
}
