/**
 * `npx tsx bench/sign-in-burst.ts` (from server/): a burst of sign-ins against a real server on
 * 127.0.0.1 (port 0, embedded PGlite with the demo data), as in issue 19: 600 sign-ins at once from
 * one address with 600 different emails, then 600 guesses at one account spread over 120 addresses
 * (X-Forwarded-For through a trusted proxy), while a signed-in user calls the API every 100 ms.
 * Prints, per burst: the passwords checked (401 answers, and derivations when the code counts
 * them), the refusals (429), how long the burst took, and the signed-in user's request times
 * (median and worst). Bounded: 600 requests per burst, 90 s per burst at most (requests still
 * unanswered then are aborted and counted as `unanswered`). Local only, nothing sent elsewhere.
 */
import { createMemoryLogger } from '../src/log.js';
import { startServers } from '../src/server.js';
import { makeDistDir, testConfig } from '../test/support/harness.js';

const burstSize = 600;
const burstSeconds = 90;
let deadline = Date.now() + burstSeconds * 1000;

const config = testConfig({
  platformPort: 0,
  clientPort: 0,
  distDir: makeDistDir(),
  trustProxy: ['127.0.0.1'],
});
const servers = await startServers(config, {
  log: createMemoryLogger(),
  hostname: '127.0.0.1',
  database: { dataDir: 'memory://' },
  seed: true,
});
// The derivation counter exists only in the code with the hashing queue (auth/passwords.ts).
const passwords = (await import('../src/auth/passwords.js')) as { hashingStats?: () => { done: number } };
const derivations = () => passwords.hashingStats?.().done;

const login = (fields: Record<string, string>, forwardedFor?: string) =>
  fetch(`${servers.platformUrl}/login`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
  }).then(async (response) => {
    await response.arrayBuffer();
    return response.status;
  });

const signedIn = await fetch(`${servers.platformUrl}/login`, {
  method: 'POST',
  body: new URLSearchParams({ email: 'admin@demo.fr', password: 'demo1234' }),
  redirect: 'manual',
});
const token = /appAccessToken=([^;]+)/.exec(signedIn.headers.get('set-cookie') ?? '')![1]!;

/** The signed-in user's calls, every 100 ms while `running`: their durations in ms. */
async function userCalls(running: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (running() && Date.now() < deadline) {
    const started = performance.now();
    const response = await fetch(`${servers.platformUrl}/v2/companies/1/customers?limit=20`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    await new Promise((go) => setTimeout(go, 100));
  }
  return times;
}

async function burst(name: string, attempt: (i: number) => Promise<number>) {
  deadline = Date.now() + burstSeconds * 1000;
  const before = derivations();
  let running = true;
  const user = userCalls(() => running);
  const started = performance.now();
  const statuses = await Promise.all(Array.from({ length: burstSize }, (_, i) => attempt(i).catch(() => 0)));
  const took = performance.now() - started;
  running = false;
  const times = (await user).sort((a, b) => a - b);
  const after = derivations();
  const count = (status: number) => statuses.filter((s) => s === status).length;
  return {
    burst: name,
    checked401: count(401),
    refused429: count(429),
    unanswered: count(0),
    derivations: before === undefined || after === undefined ? 'not counted' : after - before,
    burstMs: Math.round(took),
    userCalls: times.length,
    userMedianMs: Math.round(times[Math.floor(times.length / 2)] ?? 0),
    userWorstMs: Math.round(times.at(-1) ?? 0),
  };
}

const results = [
  await burst('one address, 600 emails', (i) =>
    login({ email: `inconnu-${i}@exemple.fr`, password: 'devine' }, '198.51.100.20'),
  ),
  await burst('one account, 120 addresses', (i) =>
    login({ email: 'camille.petit@demo.fr', password: `faux-${i}` }, `198.51.100.${100 + (i % 120)}`),
  ),
];
console.table(results);
console.log(JSON.stringify(results));
await servers.close();
process.exit(0);
