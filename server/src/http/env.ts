/** Hono environment shared by every route: what the middlewares put on the context. */
import type { HttpBindings } from '@hono/node-server';
import type { SecureHeadersVariables } from 'hono/secure-headers';
import type { LoginThrottle } from '../auth/login-throttle.js';
import type { SessionService } from '../auth/sessions.js';
import type { TokenService } from '../auth/tokens.js';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/database.js';
import type { PdfRenderer } from '../documents/pdf-renderer.js';
import type { Logger } from '../log.js';
import type { Mailer } from '../mail/mailer.js';
import type { ConnectorCaller } from '../measures/keys.js';
import type { ClientIp } from './client-ip.js';
import type { RateLimiter } from './rate-limit.js';

/** The verified caller of an API request: from the token, confirmed against the user row. */
export interface Caller {
  userId: number;
  companyId: number;
  admin: boolean;
  /** The session of the token (auth/sessions.ts) and its absolute end. */
  sessionId: string;
  sessionEndsAt: Date;
}

export interface AppDeps {
  config: AppConfig;
  db: Database;
  tokens: TokenService;
  sessions: SessionService;
  log: Logger;
  loginThrottle: LoginThrottle;
  clientLogLimiter: RateLimiter;
  /** The caller's IP, X-Forwarded-For read only through trusted proxies. */
  clientIp: ClientIp;
  /** Outgoing mail: SMTP when SMTP_URL is set, else `.eml` files in the outbox (mail/mailer.ts). */
  mailer: Mailer;
  /** Draws invoice PDFs in bounded worker threads (documents/pdf-renderer.ts); one per process. */
  pdfRenderer: PdfRenderer;
}

export type AppEnv = {
  Bindings: Partial<HttpBindings>;
  Variables: SecureHeadersVariables & {
    caller: Caller;
    /** Set when `caller` came from the brief memory of confirmed tokens: asks the database again. */
    confirmCaller?: () => Promise<Caller | null>;
    /** The connector paths' caller: the company and application of a live X-Api-Key (measures/keys.ts). */
    connector?: ConnectorCaller;
  };
};
