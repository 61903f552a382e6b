import type { BetterAuth } from '../../auth/better-auth';

/**
 * Ends every session of the account except the one `headers` carry, when that one is the account's own. Proving the
 * address or setting a password from the mailbox calls it: whoever held a session before may not be the mailbox's
 * owner (someone who signed up with an address not theirs), and must not keep what the proof opens.
 */
export async function endOtherSessions(auth: BetterAuth, accountId: string, headers?: Headers): Promise<void> {
  const context = await auth.$context;
  const own = headers
    ? await auth.api.getSession({ headers, query: { disableCookieCache: true } }).catch(() => null)
    : null;
  const keep = own?.session.userId === accountId ? own.session.token : null;
  if (!keep) {
    await context.internalAdapter.deleteUserSessions(accountId);
    return;
  }
  const others = (await context.internalAdapter.listSessions(accountId))
    .map((session) => session.token)
    .filter((token) => token !== keep);
  if (others.length > 0) await context.internalAdapter.deleteSessions(others);
}
