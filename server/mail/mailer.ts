import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Pictures the HTML shows inline as `cid:<cid>`: they travel with the message, so no link can expire. */
  attachments?: MailAttachment[];
  /** Extra header fields, such as `List-Unsubscribe` on mail a reader asked for and may stop with one click. */
  headers?: Record<string, string>;
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  cid: string;
}

export interface Mailer {
  /** Sends now and resolves when the SMTP server accepted the message (or the .eml file is complete). */
  send(message: MailMessage): Promise<void>;
  /**
   * Sends in the background: the caller's response does not wait for (or reveal) the delivery. A failure is logged.
   * Reset requests use this so a known and an unknown address take the same time.
   */
  sendLater(message: MailMessage): void;
  /** Resolves once every background send has finished; close() waits for it too. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL; without it every message is written to `outboxDir` as one .eml file. */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: FastifyBaseLogger;
}

/**
 * Real mail through nodemailer. Without SMTP_URL, messages go to DATA_DIR/outbox/<time>-<random>.eml (RFC 5322,
 * exactly what would have been sent), written to a temporary name and renamed, so a reader never sees half a file.
 * Tools and tests read reset codes from that folder; keep its name and format stable.
 */
export function createMailer(options: MailerOptions): Mailer {
  const pending = new Set<Promise<void>>();
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  async function send(message: MailMessage): Promise<void> {
    const info = await transport.sendMail({ from: options.from, ...message });
    if (options.smtpUrl) {
      options.logger.info({ messageId: info.messageId }, 'mail sent');
      return;
    }
    const file = await writeOutboxFile(options.outboxDir, info.message as Buffer);
    options.logger.info({ file }, 'mail written to the outbox (no SMTP_URL set)');
  }

  return {
    send,
    sendLater(message) {
      const task = send(message).catch((error: unknown) => {
        options.logger.error({ err: error }, 'sending mail failed');
      });
      pending.add(task);
      void task.finally(() => pending.delete(task));
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await this.idle();
      transport.close();
    },
  };
}

async function writeOutboxFile(outboxDir: string, message: Buffer): Promise<string> {
  await fs.mkdir(outboxDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const name = `${stamp}-${randomBytes(4).toString('hex')}.eml`;
  const file = path.join(outboxDir, name);
  const temporary = path.join(outboxDir, `.${name}.tmp`);
  await fs.writeFile(temporary, message, { flag: 'wx' });
  await fs.rename(temporary, file);
  return file;
}
