/**
 * A request header as the hot path reads it. Behind the Node listener, from Node's own parsed
 * headers: hono's `c.req.header()` builds a Fetch `Headers` of every header of the request on its
 * first call, a measurable share of a small API answer (bench/results.md). In `app.request()`
 * (tests) there is no Node request, and hono's is used.
 */
import type { Context } from 'hono';
import type { AppEnv } from './env.js';

export function requestHeader(c: Context<AppEnv>, name: Lowercase<string>): string | undefined {
  const incoming = c.env?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
