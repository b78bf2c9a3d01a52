/** `npm start`: both listeners on the configured ports; stops cleanly on Ctrl+C / SIGTERM. */
import { defaultDemoPassword, loadConfig, pgliteDir } from './config.js';
import { demoCompanies } from './db/seed-data.js';
import { startServers } from './server.js';

const config = loadConfig();
const started = Date.now();
const servers = await startServers(config).catch((error: Error) => {
  // A configuration mistake gets one clear line, not a stack trace; the exit code says it failed.
  process.stderr.write(`\n  Démarrage impossible : ${error.message}\n\n`);
  process.exit(1);
});

const logins = demoCompanies.flatMap((company) =>
  company.users
    .filter((u) => /^(admin|user)@/.test(u.email))
    .map((u) => `    ${u.email.padEnd(22)} ${u.admin ? 'admin      ' : 'non admin  '} ${company.name}`),
);
process.stdout.write(
  [
    '',
    `  ${config.productName} prêt en ${((Date.now() - started) / 1000).toFixed(1)} s (${servers.db.kind === 'pglite' ? `PGlite, ${pgliteDir(config)}` : 'PostgreSQL'})`,
    `  Plateforme (API, /login, pages) : ${config.platformOrigin}   (écoute ${servers.platformUrl})`,
    `  Application client              : ${config.clientOrigin}   (écoute ${servers.clientUrl})`,
    `  Documentation de l'API          : ${config.platformOrigin}/api/docs`,
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
  ].join('\n'),
);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`\n  ${signal} reçu : arrêt du serveur…\n`);
  const timer = setTimeout(() => process.exit(1), 5000);
  timer.unref();
  await servers.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
