import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { simpleParser } from 'mailparser';
import type { SessionUser } from '../../shared/schemas/session';
import { expect } from '../fixtures';

/**
 * Client accounts for the browser tests, made through the real API. Sign-ups are rate-limited per IP on the one
 * server every suite shares (server/auth/limits.ts), and so are e-mailed links: make a client only where a test
 * needs one of its own.
 */

export interface ClientOptions {
  /** The server's origin: the API refuses a state-changing request without a same-origin `Origin` header. */
  baseURL: string;
  /** The start of a fresh address (`<prefix>-<time>-<n>@example.com`); ignored when `email` is given. */
  prefix?: string;
  email?: string;
  password?: string;
  fullName?: string;
}

export interface SignedUpClient {
  email: string;
  password: string;
  user: SessionUser;
}

/** A client whose address is proven: the account owns its folder and sees its private gallery. */
export interface VerifiedClient extends SignedUpClient {
  folder: string;
}

let made = 0;

/**
 * Signs a new client up in `request`'s cookie jar (a page's, so the page is signed in too). The address is not
 * proven yet: the account sees nothing private (403 email-not-verified). Most tests want signUpVerifiedClient.
 */
export async function signUpClient(request: APIRequestContext, options: ClientOptions): Promise<SignedUpClient> {
  made += 1;
  const email = options.email ?? `${options.prefix ?? 'client'}-${Date.now()}-${made}@example.com`;
  const password = options.password ?? 'riding at dawn';
  const data = options.fullName === undefined ? { email, password } : { email, password, fullName: options.fullName };
  const res = await request.post('/api/auth/sign-up', { data, headers: { origin: options.baseURL } });
  expect(res.status(), await res.text()).toBe(200);
  return { email, password, user: (await res.json()) as SessionUser };
}

export type LinkPage = 'verify-email' | 'accept-invite' | 'reset-password';

/** What follows `?` in each e-mailed link: our 256-bit tokens, or the reset link's code. */
const LINK_QUERY: Record<LinkPage, string> = {
  'verify-email': 'token=[A-Za-z0-9_-]{43}',
  'accept-invite': 'token=[A-Za-z0-9_-]{43}',
  'reset-password': 'oobCode=[A-Za-z0-9]+',
};

/**
 * The newest match of `pattern` in the text of a mail to `to` that is not in `except` (its first group when it has
 * one), if one came.
 */
async function newestMatch(dataDir: string, to: string, pattern: RegExp, except: string[]): Promise<string | null> {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return null;
  const address = to.trim().toLowerCase();
  // File names start with their time, so the newest come last; mail is written whole (renamed into place).
  const names = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .reverse();
  for (const name of names) {
    const mail = await simpleParser(fs.readFileSync(path.join(dir, name)));
    const recipient = mail.to && !Array.isArray(mail.to) ? mail.to.text.toLowerCase() : '';
    const match = recipient === address ? pattern.exec(mail.text ?? '') : null;
    const found = match ? (match[1] ?? match[0]) : undefined;
    if (found && !except.includes(found)) return found;
  }
  return null;
}

/**
 * The newest match of `pattern` in a mail to `to` that is not in `except`. Mail is written to `<dataDir>/outbox` in
 * the background, so this waits a few seconds for it.
 */
export async function newestInOutbox(
  dataDir: string,
  to: string,
  pattern: RegExp,
  what: string,
  except: string[] = [],
): Promise<string> {
  // Set inside the poll's callback, which TypeScript does not follow.
  let found = null as string | null;
  await expect
    .poll(
      async () => {
        found = await newestMatch(dataDir, to, pattern, except);
        return found !== null;
      },
      { message: `${what} e-mailed to ${to}`, timeout: 10_000, intervals: [50, 100, 250] },
    )
    .toBe(true);
  if (found === null) throw new Error(`no ${what} e-mailed to ${to}`);
  return found;
}

/** The newest link of `page` e-mailed to `to` that is not in `except`, as the e-mail gives it (absolute). */
export function newestLinkInOutbox(
  dataDir: string,
  to: string,
  page: LinkPage,
  except: string[] = [],
): Promise<string> {
  const pattern = new RegExp(`https?://\\S+/${page}\\?${LINK_QUERY[page]}`);
  return newestInOutbox(dataDir, to, pattern, `a new ${page} link`, except);
}

/**
 * The client of a gallery the photographer prepared signs up with its address, as a stranger could too: that gives no
 * gallery, and the mailbox gets a claim link instead of a confirmation. Opening it and choosing the password (the
 * invitation's acceptance) signs `request` in as the gallery's owner.
 */
export async function signUpAndClaimPreparedGallery(
  request: APIRequestContext,
  dataDir: string,
  options: ClientOptions,
): Promise<VerifiedClient> {
  const client = await signUpClient(request, options);
  const link = await newestLinkInOutbox(dataDir, client.email, 'accept-invite');
  const accepted = await request.post('/api/auth/invitation/accept', {
    data: {
      token: new URL(link).searchParams.get('token'),
      newPassword: client.password,
      confirmNewPassword: client.password,
    },
    headers: { origin: options.baseURL },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return signedInClient(request, client);
}

/**
 * Signs a new client up and proves the address as the client would: opens the link of the verification e-mail the
 * server wrote to `<dataDir>/outbox` (in the background, so it is waited for) by posting its token to
 * `/api/auth/verify-email`. `request`'s cookie jar is then signed in as a client who sees their own gallery.
 */
export async function signUpVerifiedClient(
  request: APIRequestContext,
  dataDir: string,
  options: ClientOptions,
): Promise<VerifiedClient> {
  const client = await signUpClient(request, options);
  const link = await newestLinkInOutbox(dataDir, client.email, 'verify-email');
  const token = new URL(link).searchParams.get('token');
  const verified = await request.post('/api/auth/verify-email', {
    data: { token },
    headers: { origin: options.baseURL },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return signedInClient(request, client);
}

/** The client `request` is signed in as, checked to have a proven address and a gallery. */
async function signedInClient(request: APIRequestContext, client: SignedUpClient): Promise<VerifiedClient> {
  const session = await request.get('/api/session');
  const user = (await session.json()) as SessionUser | null;
  expect(user, 'the client is signed in with a proven address and a folder').toMatchObject({
    email: client.email.trim().toLowerCase(),
    emailVerified: true,
    folder: expect.any(String),
  });
  return { ...client, user: user as SessionUser, folder: (user as SessionUser).folder as string };
}
