/**
 * Outgoing mail. With SMTP_URL, a real SMTP transport (nodemailer); without it every mail is a
 * `.eml` file in the outbox folder (config.outboxDir), so the demo sends without a mail server and
 * the file opens in any mail client. Both build the MIME message with nodemailer: the outbox holds
 * exactly what an SMTP server would have received.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config.js';

export interface MailAttachment {
  filename: string;
  content: Uint8Array;
  contentType: string;
}

export interface OutgoingMail {
  to: string;
  from: { name: string; address: string };
  subject: string;
  /** Plain text only: nothing a user typed is ever interpreted as HTML. */
  text: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
}

export function createMailer(config: Pick<AppConfig, 'smtpUrl' | 'outboxDir'>): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl) : outboxMailer(config.outboxDir);
}

function message(mail: OutgoingMail) {
  return {
    from: { name: mail.from.name, address: mail.from.address },
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    attachments: (mail.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      content: Buffer.from(attachment.content),
      contentType: attachment.contentType,
    })),
  };
}

export function smtpMailer(smtpUrl: string): Mailer {
  // A pool: sending many invoices at once reuses a few connections instead of opening one each.
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true });
  return {
    async send(mail) {
      const info = await transport.sendMail(message(mail));
      return { messageId: info.messageId };
    },
  };
}

export function outboxMailer(outboxDir: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(mail) {
      const info = await transport.sendMail(message(mail));
      await fs.mkdir(outboxDir, { recursive: true });
      // Sortable by time, unique under concurrency; written then renamed so that a reader of the
      // folder never sees half a message.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      const temporary = path.join(outboxDir, `.${name}.tmp`);
      await fs.writeFile(temporary, info.message as Buffer);
      await fs.rename(temporary, path.join(outboxDir, name));
      return { messageId: info.messageId };
    },
  };
}
