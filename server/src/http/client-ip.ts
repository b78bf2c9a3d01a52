import type { Context } from 'hono';
import type { AppEnv } from './env.js';

/** The caller's IP: the socket's address, or X-Forwarded-For's first hop when behind a trusted proxy. */
export function clientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return c.env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
