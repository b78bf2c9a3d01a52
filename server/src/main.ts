/** `npm start`: both listeners on the configured ports; stops cleanly on Ctrl+C / SIGTERM. */
import { loadConfig } from './config.js';
import { startServers } from './server.js';
import { startBanner } from './start-banner.js';

const config = loadConfig();
const started = Date.now();
const servers = await startServers(config).catch((error: Error) => {
  // A configuration mistake gets one clear line, not a stack trace; the exit code says it failed.
  process.stderr.write(`\n  Démarrage impossible : ${error.message}\n\n`);
  process.exit(1);
});

process.stdout.write(
  startBanner(config, {
    seconds: (Date.now() - started) / 1000,
    dbKind: servers.db.kind,
    platformUrl: servers.platformUrl,
    clientUrl: servers.clientUrl,
  }),
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
