import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, type OutgoingMail } from '../../src/mail/mailer.js';

const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, ...Array.from({ length: 300 }, (_, i) => i % 256)]);

const mail: OutgoingMail = {
  to: 'client@example.fr',
  from: { name: 'Martin Rénovation', address: 'factures@martin.example' },
  subject: 'Facture F-2026-001 — 1 234,56 €',
  text: 'Bonjour,\nVeuillez trouver ci-joint la facture F-2026-001.\n<b>pas du HTML</b>',
  attachments: [{ filename: 'Facture F-2026-001.pdf', content: pdf, contentType: 'application/pdf' }],
};

/** The decoded body of the MIME part whose headers name `filename`. */
function attachmentBytes(eml: string, filename: string): Buffer {
  const boundary = /boundary="?([^"\r\n;]+)"?/.exec(eml)?.[1];
  if (!boundary) throw new Error('not multipart');
  const part = eml.split(`--${boundary}`).find((p) => p.includes(filename));
  if (!part) throw new Error(`no part named ${filename}`);
  const [headers = '', body = ''] = part.split('\r\n\r\n');
  expect(headers).toMatch(/Content-Type: application\/pdf/i);
  expect(headers).toMatch(/Content-Disposition: attachment/i);
  expect(headers).toMatch(/Content-Transfer-Encoding: base64/i);
  return Buffer.from(body.replace(/\s+/g, ''), 'base64');
}

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe('the outbox mailer (no SMTP_URL)', () => {
  it('writes one .eml per mail, a real MIME message with the PDF attached', async () => {
    const outboxDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bo-mailer-')), 'outbox');
    folders.push(path.dirname(outboxDir));
    const mailer = createMailer({ smtpUrl: undefined, outboxDir });

    const { messageId } = await mailer.send(mail);

    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = fs.readFileSync(path.join(outboxDir, files[0] ?? ''), 'utf8');
    expect(eml).toContain(`Message-ID: ${messageId}`);
    expect(eml).toMatch(/^To: client@example\.fr$/m);
    expect(eml).toContain('<factures@martin.example>');
    expect(eml).toMatch(/^Subject: =\?UTF-8\?/m); // accents encoded, not raw bytes in a header
    expect(eml).toContain('\r\n'); // RFC 5322 line ends
    expect(eml).toMatch(/Content-Type: text\/plain/i);
    expect(eml).not.toMatch(/Content-Type: text\/html/i);
    expect(new Uint8Array(attachmentBytes(eml, 'Facture F-2026-001.pdf'))).toEqual(pdf);
  });

  it('keeps every mail when many are sent at once', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-mailer-'));
    folders.push(outboxDir);
    const mailer = createMailer({ smtpUrl: undefined, outboxDir });
    const sent = await Promise.all(Array.from({ length: 30 }, () => mailer.send(mail)));
    expect(new Set(sent.map((s) => s.messageId)).size).toBe(30);
    expect(fs.readdirSync(outboxDir).filter((f) => f.endsWith('.eml'))).toHaveLength(30);
  });
});

/** A minimal SMTP server: enough of RFC 5321 for one client to hand over its messages. */
function fakeSmtpServer() {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      while (true) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 OK queued\r\n');
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') current.from = line;
        if (verb === 'RCPT') current.to.push(line);
        if (verb === 'DATA') inData = true;
        if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write(verb === 'DATA' ? '354 go ahead\r\n' : '250 OK\r\n');
      }
    });
  });
  return { server, received };
}

describe('the SMTP mailer (SMTP_URL set)', () => {
  it('hands the same MIME message to the SMTP server, nothing in the outbox', async () => {
    const { server, received } = fakeSmtpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-mailer-'));
    folders.push(outboxDir);
    try {
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`, outboxDir });
      await mailer.send(mail);
      expect(received).toHaveLength(1);
      expect(received[0]?.from).toContain('<factures@martin.example>');
      expect(received[0]?.to).toEqual(['RCPT TO:<client@example.fr>']);
      expect(new Uint8Array(attachmentBytes(received[0]?.data ?? '', 'Facture F-2026-001.pdf'))).toEqual(pdf);
      expect(fs.readdirSync(outboxDir)).toEqual([]);
    } finally {
      server.close();
    }
  });
});
