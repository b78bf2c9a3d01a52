/**
 * The caller's IP (sign-in throttle, client-log limit). Behind trusted proxies (TRUST_PROXY) it is
 * the right-most X-Forwarded-For entry that is not one of them: every proxy appends the address it
 * received from, so the entries on the left are whatever the client chose to send and the first one
 * is the easiest to forge.
 */
import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';
import type { AppEnv } from './env.js';

export type ClientIp = (c: Context<AppEnv>) => string;

export function clientIpResolver(trustedProxies: string[]): ClientIp {
  const trusted = new BlockList();
  for (const entry of trustedProxies) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (!isIP(address))
      throw new Error(`TRUST_PROXY: « ${entry} » n'est ni une adresse IP ni une plage CIDR`);
    if (prefix === undefined) trusted.addAddress(address, family);
    else trusted.addSubnet(address, Number(prefix), family);
  }
  const isTrusted = (address: string) => {
    const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
    const family = isIP(plain);
    return family !== 0 && trusted.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
  return (c) => {
    const peer = c.env?.incoming?.socket?.remoteAddress ?? 'unknown';
    // A header from a peer that is not our proxy is the client's own say-so: ignore it.
    if (trustedProxies.length === 0 || !isTrusted(peer)) return peer;
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean);
    for (let i = hops.length - 1; i >= 0; i--) if (!isTrusted(hops[i]!)) return hops[i]!;
    // Only proxies on the way: the left-most is the nearest thing to a client we have.
    return hops[0] ?? peer;
  };
}
