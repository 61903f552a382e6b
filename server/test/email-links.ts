import fs from 'node:fs';
import { simpleParser } from 'mailparser';
import type { SessionUser } from '../../shared/schemas/session';
import { outboxFiles } from './mail-catcher';
import type { TestClient } from './test-client';

export type LinkPage = 'verify-email' | 'accept-invite' | 'reset-password';

/** The tokens of `/verify-email`, `/accept-invite` or `/reset-password` links e-mailed to `to`, oldest first. */
async function outboxLinkTokens(dataDir: string, to: string, page: LinkPage): Promise<string[]> {
  const pattern =
    page === 'reset-password'
      ? /\/reset-password\?oobCode=([A-Za-z0-9_%-]+)/
      : new RegExp(`/${page}\\?token=([A-Za-z0-9_-]{43})`);
  const tokens: string[] = [];
  for (const file of outboxFiles(dataDir)) {
    const mail = await simpleParser(fs.readFileSync(file));
    const recipient = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
    const token = pattern.exec(mail.text ?? '')?.[1];
    if (recipient === to && token) tokens.push(token);
  }
  return tokens;
}

/** Mail goes out in the background: asks `ready` again every 25 ms for up to 5 s. */
async function poll<T>(read: () => Promise<T>, ready: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await read();
    if (ready(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The token of the newest link e-mailed to `to` that is not in `except`, waiting for it to arrive. */
export async function linkTokenFromOutbox(
  dataDir: string,
  to: string,
  page: LinkPage,
  except: string[] = [],
): Promise<string> {
  const fresh = (tokens: string[]) => tokens.filter((token) => !except.includes(token));
  const tokens = await poll(
    () => outboxLinkTokens(dataDir, to, page),
    (all) => fresh(all).length > 0,
    `a ${page} link for ${to}`,
  );
  return fresh(tokens).at(-1) ?? '';
}

/** Every link token e-mailed to `to` so far, once at least `count` have arrived. */
export async function allLinkTokensFromOutbox(dataDir: string, to: string, page: LinkPage, count: number) {
  return poll(
    () => outboxLinkTokens(dataDir, to, page),
    (all) => all.length >= count,
    `${count} ${page} links for ${to}`,
  );
}

/** A client whose address is proven, so the account owns its folder. */
export type VerifiedUser = SessionUser & { folder: string };

/** Signs up, opens the verification link from the outbox, and returns the session user (verified, with a folder). */
export async function signUpVerified(
  client: TestClient,
  dataDir: string,
  email: string,
  password: string,
  fullName?: string,
): Promise<VerifiedUser> {
  const res = await client.signUp(email, password, fullName);
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const token = await linkTokenFromOutbox(dataDir, email.trim().toLowerCase(), 'verify-email');
  const verified = await client.post('/api/auth/verify-email', { token });
  if (verified.statusCode !== 200) throw new Error(`verification failed: ${verified.statusCode} ${verified.body}`);
  const user = (await client.session()) as SessionUser | null;
  if (!user?.emailVerified || user.folder === null) throw new Error(`not verified: ${JSON.stringify(user)}`);
  return { ...user, folder: user.folder };
}
