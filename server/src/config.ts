/** Runtime configuration, read once from the environment. Tests build their own with overrides. */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface AppConfig {
  platformPort: number;
  clientPort: number;
  /** Public origins, as the browser sees them (they differ from the ports behind a proxy). */
  platformOrigin: string;
  clientOrigin: string;
  apiHost: string;
  productName: string;
  /** `memory://` or a folder for PGlite. */
  dataDir: string;
  /** When set, node-postgres on this server instead of PGlite. */
  databaseUrl: string | undefined;
  /** HS256 key; when undefined it is generated once and kept in DATA_DIR/jwt-secret (PGlite only). */
  jwtSecret: string | undefined;
  /**
   * Seed the demo companies at start (idempotent). SEED_DEMO=1/0; unset, only the embedded
   * database is seeded: a DATABASE_URL database is real data and never gets demo logins unasked.
   */
  seedDemo: boolean;
  demoPassword: string;
  /** Built front end: the element library at dist/define.js and the SPA at dist/app/. */
  distDir: string;
  /**
   * The SPA served on the client origin, when not `<distDir>/app` (an SPA built elsewhere; the
   * server's tests use it). A relative path is the repository's.
   */
  clientAppDir: string | undefined;
  /**
   * Proxies whose X-Forwarded-For we believe (TRUST_PROXY): none by default, `1`/`true` for
   * loopback and private networks, or a comma-separated list of addresses and CIDR ranges.
   */
  trustProxy: string[];
  cookieDomain: string | undefined;
  /** SMTP server for outgoing mail (SMTP_URL, e.g. `smtps://user:pass@host:465`); unset: the outbox. */
  smtpUrl: string | undefined;
  /**
   * Without SMTP_URL, each mail is a `.eml` file here (OUTBOX_DIR, else DATA_DIR/outbox; a memory://
   * database has no folder, so its mails go to the system's temporary folder).
   */
  outboxDir: string;
  /** Third-party scripts of spec section 1, none in the demo (see `integrationsFrom`). */
  integrations: Integrations;
}

/**
 * The chat widget (CHAT_WIDGET_SCRIPT_URL), the analytics script (ANALYTICS_SCRIPT_URL: set means
 * enabled) and the error and performance monitoring agent (MONITORING_SERVER_URL, with
 * MONITORING_ENVIRONMENT). Each page's `bo-config` carries them and its CSP allows exactly their
 * origins; unset, nothing is loaded and no message sends the user to a chat that is not there.
 */
export interface Integrations {
  chatWidgetScriptUrl?: string;
  analyticsScriptUrl?: string;
  monitoringServerUrl?: string;
  monitoringEnvironment?: string;
}

/** An integration's address: https, or http on this machine (a local agent); else start-up stops. */
function integrationUrl(name: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {}
  const local = url?.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (!url || (url.protocol !== 'https:' && !local)) {
    throw new Error(`${name} doit être une adresse https:// (ou http:// sur cette machine) : « ${value} ».`);
  }
  return url.href;
}

export function integrationsFrom(env: NodeJS.ProcessEnv): Integrations {
  return {
    chatWidgetScriptUrl: integrationUrl('CHAT_WIDGET_SCRIPT_URL', env.CHAT_WIDGET_SCRIPT_URL),
    analyticsScriptUrl: integrationUrl('ANALYTICS_SCRIPT_URL', env.ANALYTICS_SCRIPT_URL),
    monitoringServerUrl: integrationUrl('MONITORING_SERVER_URL', env.MONITORING_SERVER_URL),
    monitoringEnvironment: env.MONITORING_ENVIRONMENT || undefined,
  };
}

/** The origins a page's CSP must allow for the configured integrations (scripts, and where they post). */
export function integrationOrigins(integrations: Integrations): { scripts: string[]; connections: string[] } {
  const originOf = (url: string | undefined) => (url ? [new URL(url).origin] : []);
  const scripts = [
    ...originOf(integrations.chatWidgetScriptUrl),
    ...originOf(integrations.analyticsScriptUrl),
  ];
  return { scripts, connections: [...scripts, ...originOf(integrations.monitoringServerUrl)] };
}

function port(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed >= 0 && parsed < 65536 && value !== '' && value !== undefined
    ? parsed
    : fallback;
}

function origin(value: string | undefined, fallback: string): string {
  return new URL(value || fallback).origin;
}

function flag(value: string | undefined): boolean | undefined {
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  return undefined;
}

/** Loopback and private networks: a reverse proxy on the same host or the same LAN. */
export const localNetworks = [
  '127.0.0.0/8',
  '::1/128',
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  'fc00::/7',
];

function trustedProxies(value: string | undefined): string[] {
  if (!value || flag(value) === false) return [];
  if (flag(value)) return localNetworks;
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * With a PostgreSQL server, several processes may share the database: they must all sign with one
 * key, so a per-machine generated key would make each refuse the others' tokens.
 */
export function checkStartupConfig(config: Pick<AppConfig, 'databaseUrl' | 'jwtSecret'>): void {
  if (config.databaseUrl && !config.jwtSecret) {
    throw new Error(
      'JWT_SECRET manquant : avec DATABASE_URL, définissez JWT_SECRET (la même clé pour toutes les instances du serveur).',
    );
  }
}

/** The well-known demo password, printed at start-up; a custom DEMO_PASSWORD is never printed. */
export const defaultDemoPassword = 'demo1234';

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  const platformPort = port(env.PLATFORM_PORT, 3000);
  const clientPort = port(env.CLIENT_PORT, 3001);
  const platformOrigin = origin(env.PLATFORM_ORIGIN, `http://localhost:${platformPort}`);
  const dataDir = env.DATA_DIR || path.join(repoRoot, '.data');
  const config: AppConfig = {
    platformPort,
    clientPort,
    platformOrigin,
    clientOrigin: origin(env.CLIENT_ORIGIN, `http://localhost:${clientPort}`),
    apiHost: origin(env.API_ORIGIN, platformOrigin),
    productName: env.PRODUCT_NAME || 'bo-elements',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    seedDemo: flag(env.SEED_DEMO) ?? !env.DATABASE_URL,
    demoPassword: env.DEMO_PASSWORD || defaultDemoPassword,
    distDir: env.DIST_DIR || path.join(repoRoot, 'dist'),
    clientAppDir: env.CLIENT_APP_DIR ? path.resolve(repoRoot, env.CLIENT_APP_DIR) : undefined,
    trustProxy: trustedProxies(env.TRUST_PROXY),
    cookieDomain: env.COOKIE_DOMAIN || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    outboxDir: env.OUTBOX_DIR ? path.resolve(env.OUTBOX_DIR) : outboxFolder(dataDir),
    integrations: integrationsFrom(env),
  };
  return { ...config, ...overrides };
}

function outboxFolder(dataDir: string): string {
  return dataDir.startsWith('memory://')
    ? path.join(os.tmpdir(), 'bo-elements-outbox')
    : path.join(dataDir, 'outbox');
}

/** PGlite's files, in their own folder beside `jwt-secret` under DATA_DIR. */
export function pgliteDir(config: Pick<AppConfig, 'dataDir'>): string {
  return config.dataDir.startsWith('memory://') ? config.dataDir : path.join(config.dataDir, 'pglite');
}
