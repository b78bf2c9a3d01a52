/**
 * What `npm start` prints once both origins listen: the addresses, where sent mail goes, and the
 * demo logins. The build's output comes before it, so it says what a newcomer looks for first.
 */
import path from 'node:path';
import { type AppConfig, defaultDemoPassword, pgliteDir, repoRoot } from './config.js';
import { demoCompanies } from './db/seed-data.js';

export interface StartedServers {
  seconds: number;
  dbKind: 'pglite' | 'postgres';
  platformUrl: string;
  clientUrl: string;
}

/** A folder as the reader typed it: relative to the repository when it is inside, with its slash. */
const shownFolder = (dir: string) => {
  const relative = path.relative(repoRoot, dir);
  return `${relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : dir}${path.sep}`;
};

/** Where mail goes: the SMTP server's host only (its URL carries a password), else the outbox. */
function mailLine(config: Pick<AppConfig, 'smtpUrl' | 'outboxDir'>): string {
  if (!config.smtpUrl)
    return `un fichier .eml par courriel dans ${shownFolder(config.outboxDir)} (pas de SMTP_URL)`;
  let host = 'SMTP_URL';
  try {
    host = new URL(config.smtpUrl).host || host;
  } catch {}
  return `envoyés par le serveur SMTP ${host}`;
}

export function startBanner(config: AppConfig, started: StartedServers): string {
  const logins = demoCompanies.flatMap((company) =>
    company.users
      .filter((u) => /^(admin|user)@/.test(u.email))
      .map((u) => `    ${u.email.padEnd(22)} ${u.admin ? 'admin      ' : 'non admin  '} ${company.name}`),
  );
  return [
    '',
    `  ${config.productName} prêt en ${started.seconds.toFixed(1)} s (${started.dbKind === 'pglite' ? `PGlite, ${pgliteDir(config)}` : 'PostgreSQL'})`,
    `  Plateforme (API, /login, pages) : ${config.platformOrigin}   (écoute ${started.platformUrl})`,
    `  Application client              : ${config.clientOrigin}   (écoute ${started.clientUrl})`,
    `  Documentation de l'API          : ${config.platformOrigin}/api/docs`,
    `  Courriels envoyés               : ${mailLine(config)}`,
    '',
    // Without the seed (a DATABASE_URL database, SEED_DEMO unset) there are no demo logins to show.
    ...(config.seedDemo
      ? [
          `  Comptes de démonstration (mot de passe : ${config.demoPassword === defaultDemoPassword ? defaultDemoPassword : 'DEMO_PASSWORD'}) :`,
          ...logins,
          '',
        ]
      : []),
    '',
  ].join('\n');
}
