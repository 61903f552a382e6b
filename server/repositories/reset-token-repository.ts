import type { Db } from '../db/database';

/**
 * better-auth keeps reset links as `verification` rows (`reset-password:<token>` → user id) and reset codes as
 * `forget-password-otp-<email>`. One e-mail carries both; once either is used, this removes the other, so a
 * reset e-mail works exactly once.
 */
export function createResetTokenRepository(db: Db) {
  return {
    async deleteAllForUser(userId: string, email: string): Promise<void> {
      await db
        .deleteFrom('verification')
        .where((eb) =>
          eb.or([
            eb.and([eb('identifier', 'like', 'reset-password:%'), eb('value', '=', userId)]),
            eb('identifier', '=', `forget-password-otp-${email}`),
          ]),
        )
        .execute();
    },
  };
}

export type ResetTokenRepository = ReturnType<typeof createResetTokenRepository>;
