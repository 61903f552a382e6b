import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  parsed: ParsedMail;
}

/**
 * A real SMTP server on 127.0.0.1 for tests: the app sends through nodemailer to `url` and the test reads what
 * arrived, parsed by mailparser. `next()` waits for the next message not yet taken.
 */
export async function startMailCatcher(): Promise<{
  url: string;
  received: CaughtMail[];
  next(timeoutMs?: number): Promise<CaughtMail>;
  /** The next message to `address`, passing over (and taking) the ones to others, such as the photographer's notices. */
  nextTo(address: string, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}> {
  const received: CaughtMail[] = [];
  let taken = 0;
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            parsed,
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const catcher = {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async next(timeoutMs = 5000): Promise<CaughtMail> {
      const deadline = Date.now() + timeoutMs;
      while (received.length <= taken) {
        if (Date.now() > deadline) throw new Error('no mail arrived');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      const mail = received[taken];
      taken += 1;
      if (!mail) throw new Error('no mail arrived');
      return mail;
    },
    async nextTo(address: string, timeoutMs = 5000): Promise<CaughtMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = await catcher.next(Math.max(deadline - Date.now(), 0));
        if (mail.to.includes(address)) return mail;
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return catcher;
}

/** The .eml files the app wrote to DATA_DIR/outbox (no SMTP_URL), oldest first. */
export function outboxFiles(dataDir: string): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => path.join(dir, name));
}

/** The reset link token and 6-digit code of a reset e-mail's text. */
export function resetSecretsFromText(text: string): { oobCode: string; code: string } {
  const oobCode = /[?&]oobCode=([^\s&]+)/.exec(text)?.[1];
  const code = /^\s*(\d{6})\s*$/m.exec(text)?.[1];
  if (!oobCode || !code) throw new Error(`no reset link or code in:\n${text}`);
  return { oobCode: decodeURIComponent(oobCode), code };
}

/**
 * The newest e-mail to `to` in DATA_DIR/outbox whose subject (and text, when `text` is given) matches, waiting up to
 * 5 s for it to be written.
 */
export async function outboxMailTo(dataDir: string, to: string, subject: RegExp, text?: RegExp): Promise<ParsedMail> {
  const deadline = Date.now() + 5000;
  for (;;) {
    for (const file of outboxFiles(dataDir).reverse()) {
      const mail = await simpleParser(fs.readFileSync(file));
      const recipient = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
      if (recipient === to && subject.test(mail.subject ?? '') && (!text || text.test(mail.text ?? ''))) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
