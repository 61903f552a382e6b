import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import type { EmailTokenPurpose } from '../db/schema';

export interface EmailTokenRecord {
  id: string;
  purpose: EmailTokenPurpose;
  clientId: string | null;
  accountId: string | null;
  email: string;
  expiresAt: string;
}

/**
 * Single-use links sent by e-mail, stored as SHA-256 hashes of the token (server/services/accounts/email-tokens.ts makes
 * and hashes them). Using one is one conditional UPDATE, so two requests racing with the same link cannot both win.
 */
export function createEmailTokenRepository(db: Db) {
  return {
    async insert(token: Omit<EmailTokenRecord, 'id'> & { tokenHash: string }): Promise<void> {
      await db
        .insertInto('email_token')
        .values({
          id: randomUUID(),
          purpose: token.purpose,
          token_hash: token.tokenHash,
          client_id: token.clientId,
          account_id: token.accountId,
          email: token.email,
          expires_at: token.expiresAt,
          used_at: null,
          created_at: new Date().toISOString(),
        })
        .execute();
    },

    /** The unused, unexpired token with this hash and one of these purposes, without using it. */
    async findUsable(
      purposes: EmailTokenPurpose[],
      tokenHash: string,
      now: Date,
    ): Promise<EmailTokenRecord | undefined> {
      const row = await db
        .selectFrom('email_token')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('purpose', 'in', purposes)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst();
      return row
        ? {
            id: row.id,
            purpose: row.purpose,
            clientId: row.client_id,
            accountId: row.account_id,
            email: row.email,
            expiresAt: row.expires_at,
          }
        : undefined;
    },

    /** Marks the token used; false when another request used it first (or it expired in between). */
    async markUsed(id: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('email_token')
        .set({ used_at: now.toISOString() })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Voids every unused token of a purpose for a client (a newer invitation, a changed address, a removal). */
    async voidForClient(clientId: string, purposes: EmailTokenPurpose[], now: Date): Promise<void> {
      await db
        .updateTable('email_token')
        .set({ used_at: now.toISOString() })
        .where('client_id', '=', clientId)
        .where('purpose', 'in', purposes)
        .where('used_at', 'is', null)
        .execute();
    },

    /** Voids every unused token of a purpose for an account. */
    async voidForAccount(accountId: string, purposes: EmailTokenPurpose[], now: Date): Promise<void> {
      await db
        .updateTable('email_token')
        .set({ used_at: now.toISOString() })
        .where('account_id', '=', accountId)
        .where('purpose', 'in', purposes)
        .where('used_at', 'is', null)
        .execute();
    },

    /** Forgets tokens that expired before `before`, used or not. */
    async deleteExpired(before: Date): Promise<void> {
      await db.deleteFrom('email_token').where('expires_at', '<', before.toISOString()).execute();
    },
  };
}

export type EmailTokenRepository = ReturnType<typeof createEmailTokenRepository>;
