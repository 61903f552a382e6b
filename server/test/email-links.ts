import fs from 'node:fs';
import { simpleParser } from 'mailparser';
import type { SessionUser } from '../../shared/schemas/session';
import { outboxFiles } from './mail-catcher';
import type { TestClient } from './test-client';

export type LinkPage = 'verify-email' | 'accept-invite';

/**
 * The token of the newest `/verify-email` or `/accept-invite` link e-mailed to `to`, read from the real .eml files
 * in DATA_DIR/outbox. Mail goes out in the background, so it waits (up to 5 s) for a link not in `except`.
 */
export async function linkTokenFromOutbox(
  dataDir: string,
  to: string,
  page: LinkPage,
  except: string[] = [],
): Promise<string> {
  const pattern = new RegExp(`/${page}\\?token=([A-Za-z0-9_-]{43})`);
  const deadline = Date.now() + 5000;
  for (;;) {
    for (const file of outboxFiles(dataDir).reverse()) {
      const mail = await simpleParser(fs.readFileSync(file));
      const recipient = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
      const token = pattern.exec(mail.text ?? '')?.[1];
      if (recipient === to && token && !except.includes(token)) return token;
    }
    if (Date.now() > deadline) throw new Error(`no ${page} link for ${to} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
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
