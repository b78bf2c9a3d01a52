/**
 * Client logs sent by `navigator.sendBeacon` (text/plain JSON; application/json also accepted).
 * No token (a beacon cannot set headers), so it is bounded instead: 64 KiB per body, a per-IP rate
 * limit, at most 50 entries, each field truncated to the spec's limits. Each entry becomes one
 * structured line of the server log.
 */
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { fieldsOf } from '../http/validation.js';

const clientLogMaxBytes = 64 * 1024;
const maxEntries = 50;

/** Spec section 9: message 1024, context labels 4096, error stack trace 16384 characters. */
function limitFor(key: string): number {
  if (/stack/i.test(key)) return 16384;
  if (/label|context/i.test(key)) return 4096;
  return 1024;
}

function truncate(value: unknown, max: number): unknown {
  if (typeof value === 'string') return value.length > max ? `${value.slice(0, max)}…` : value;
  if (value !== null && typeof value === 'object') {
    const text = JSON.stringify(value);
    return text.length > max ? `${text.slice(0, max)}…` : value;
  }
  return value;
}

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** Loose on purpose: the known fields must have sensible types, unknown ones are kept (truncated). */
const ClientLogEntrySchema = z
  .looseObject({
    timestamp: z.union([z.string(), z.number()]).optional(),
    message: z.string({ error: 'string' }).optional(),
    level: z.union([z.number(), z.string()]).optional(),
    logLevel: z.union([z.number(), z.string()]).optional(),
    serviceName: scalar.optional(),
    serviceVersion: scalar.optional(),
    userId: scalar.optional(),
    userDomain: scalar.optional(),
    labels: z.unknown().optional(),
    labelsContext: z.unknown().optional(),
    transactionId: scalar.optional(),
    traceId: scalar.optional(),
    errorStackTrace: z.string().optional(),
  })
  .openapi('ClientLog');

const ClientLogBodySchema = z.union([
  ClientLogEntrySchema,
  z.array(ClientLogEntrySchema).max(maxEntries, 'too_long'),
]);

export function clientLogsRoutes({ log, clientLogLimiter, clientIp }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const path = '/v3/client-logs/logs/';

  // Declared by hand (the body is text/plain JSON, parsed below); public on purpose: a beacon
  // cannot carry a token. Both spellings are declared, so both are in the isolation and fuzz tests.
  const declaration = (path: string) => ({
    method: 'post' as const,
    path,
    security: [],
    tags: ['Journaux'],
    summary: 'Forward client logs (sendBeacon). No token; 64 KiB max; rate-limited per IP',
    request: {
      body: {
        content: {
          'text/plain': {
            schema: z.string().openapi({ description: 'JSON text of a ClientLog or an array of them' }),
          },
          'application/json': { schema: ClientLogBodySchema },
        },
      },
    },
    responses: {
      204: { description: 'Logged' },
      400: { description: 'Not JSON (bad_request)' },
      413: { description: 'Body over 64 KiB (payload_too_large)' },
      422: { description: 'Not a log entry (validation)' },
      429: { description: 'Too many logs from this IP (rate_limited)' },
    },
  });
  app.openAPIRegistry.registerPath(declaration(path));
  app.openAPIRegistry.registerPath(declaration(path.slice(0, -1)));

  const handler = [
    bodyLimit({ maxSize: clientLogMaxBytes, onError: (c) => apiError(c, 'payload_too_large') }),
    async (c: Context<AppEnv>) => {
      const ip = clientIp(c);
      if (!clientLogLimiter.hit(ip)) return apiError(c, 'rate_limited');
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return apiError(c, 'bad_request');
      }
      const parsed = ClientLogBodySchema.safeParse(body);
      if (!parsed.success) return apiError(c, 'validation', { fields: fieldsOf(parsed.error) });
      const entries = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
      for (const entry of entries) {
        const client = Object.fromEntries(
          Object.entries(entry).map(([key, value]) => [key.slice(0, 64), truncate(value, limitFor(key))]),
        );
        log.log('info', 'client-log', { ip, userAgent: c.req.header('user-agent')?.slice(0, 256), client });
      }
      return c.body(null, 204);
    },
  ] as const;

  app.post(path, ...handler);
  // The same without the trailing slash, so a host that trims it still reaches us.
  app.post(path.slice(0, -1), ...handler);
  return app;
}
