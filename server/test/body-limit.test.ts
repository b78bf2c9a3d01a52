/** Body limits: refused with 413 `payload_too_large` before the body is read into memory. */
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimitsByRoute, defaultBodyLimit } from '../src/http/body-limit.js';
import { createMemoryLogger } from '../src/log.js';
import { type RunningServers, startServers } from '../src/server.js';
import { testPassword } from './support/constants.js';
import {
  bootHarness,
  type Harness,
  makeDistDir,
  seededDatabaseOptions,
  testConfig,
} from './support/harness.js';

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await bootHarness();
  token = await h.tokenFor('admin@demo.fr');
});
afterAll(() => h.close());

const loginLimit = bodyLimitsByRoute.find((r) => r.path === '/login')!.maxSize;

/** A 200 MB body sent in 64 KiB chunks (no Content-Length), counting how many the server pulled. */
function endlessBody() {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  const total = (200 * 1024 * 1024) / chunk.length;
  const stream = {
    pulled: 0,
    body: new ReadableStream<Uint8Array>({
      pull(controller) {
        if (stream.pulled >= total) return controller.close();
        stream.pulled += 1;
        controller.enqueue(chunk);
      },
    }),
  };
  return stream;
}

const post = (path: string, body: RequestInit['body'], headers: Record<string, string> = {}) =>
  h.apps.platform.request(path, { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

describe('POST /login', () => {
  it('a 200 MB streamed body is refused after reading only a few KB of it', async () => {
    const stream = endlessBody();
    const response = await post('/login', stream.body, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: { key: 'payload_too_large' } });
    // One chunk over the limit, plus what the stream buffers ahead: nowhere near 200 MB.
    expect(stream.pulled * 64 * 1024).toBeLessThan(1024 * 1024);
  });

  it('a declared Content-Length over the limit is refused before any byte is read', async () => {
    const stream = endlessBody();
    const response = await post('/login', stream.body, {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(200 * 1024 * 1024),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: { key: 'payload_too_large' } });
    expect(stream.pulled).toBeLessThanOrEqual(1);
  });

  it('a real sign-in, with a long redirect, is well under the limit', async () => {
    const redirect = `/app/reporting?${'x'.repeat(2000)}`;
    const body = new URLSearchParams({ email: 'user@demo.fr', password: testPassword, redirect });
    expect(body.toString().length).toBeLessThan(loginLimit);
    expect((await post('/login', body)).status).toBe(303);
    const tooBig = new URLSearchParams({
      email: 'user@demo.fr',
      password: testPassword,
      redirect: 'x'.repeat(loginLimit),
    });
    expect((await post('/login', tooBig)).status).toBe(413);
  });
});

describe('the API', () => {
  it(`refuses a JSON body over ${defaultBodyLimit} bytes with 413, and reads it no further`, async () => {
    const stream = endlessBody();
    const response = await post('/v2/companies/1/customers', stream.body, {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: { key: 'payload_too_large' } });
    expect(stream.pulled * 64 * 1024).toBeLessThan(defaultBodyLimit + 1024 * 1024);
  });

  it('accepts an ordinary body', async () => {
    const response = await h.request('POST', '/v2/companies/1/customers', {
      token,
      json: { type: 'private', lastName: 'Lefèvre', comments: 'Portail à repeindre. '.repeat(20) },
    });
    expect(response.status).toBe(200);
  });
});

describe('over real sockets, many clients at once still sending when refused', () => {
  let servers: RunningServers;
  let distDir: string;
  let port: number;
  let bearer: string;
  beforeAll(async () => {
    distDir = makeDistDir();
    servers = await startServers(testConfig({ platformPort: 0, clientPort: 0, distDir }), {
      log: createMemoryLogger(),
      hostname: '127.0.0.1',
      database: await seededDatabaseOptions(),
    });
    port = Number(new URL(servers.platformUrl).port);
    bearer = await servers.apps.deps.sessions.start({ userId: 1, companyId: 1 });
  });
  afterAll(async () => {
    await servers.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  /**
   * 2 MiB in 64 KiB chunks, 10 ms apart, declared by Content-Length or chunked. Like many clients,
   * this one reads the answer only once it has sent everything: a connection closed under it
   * while it sends loses the 413 (it got none 198 times out of 200 before the gentle close).
   */
  function send({ chunked }: { chunked: boolean }): Promise<string> {
    return new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.pause();
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const total = 2 * 1024 * 1024;
      let answer = '';
      socket.on('error', () => {});
      socket.on('close', () => resolve(answer));
      socket.on('connect', async () => {
        socket.write(
          `POST /v2/companies/1/customers HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${bearer}\r\n` +
            `Content-Type: application/json\r\n${chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${total}`}\r\n\r\n`,
        );
        for (let sent = 0; sent < total && socket.writable; sent += chunk.length) {
          if (chunked) socket.write(`${chunk.length.toString(16)}\r\n`);
          const flushed = socket.write(chunk);
          if (chunked) socket.write('\r\n');
          if (!flushed)
            await new Promise((go) => {
              socket.once('drain', go);
              socket.once('close', go);
            });
          await new Promise((go) => setTimeout(go, 10));
        }
        if (chunked && socket.writable) socket.write('0\r\n\r\n');
        socket.on('data', (data: Buffer) => {
          answer += data.toString('latin1');
        });
        socket.resume();
        if (socket.writable) socket.end();
      });
    });
  }

  it('120 bodies over 1 MiB, 30 at a time: every one gets a readable 413', async () => {
    const answers: string[] = [];
    let next = 0;
    const client = async () => {
      while (next < 120) answers.push(await send({ chunked: next++ % 2 === 0 }));
    };
    await Promise.all(Array.from({ length: 30 }, client));
    const readable = answers.filter(
      (answer) =>
        answer.startsWith('HTTP/1.1 413') &&
        /connection: close/i.test(answer) &&
        answer.endsWith('{"error":{"key":"payload_too_large"}}'),
    );
    expect(readable.length).toBe(answers.length);
  });
});
