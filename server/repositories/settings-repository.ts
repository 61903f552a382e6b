import type { Db } from '../db/database';

/** Reads and writes site settings stored as JSON. */
export function createSettingsRepository(db: Db) {
  return {
    async get<T>(key: string): Promise<T | undefined> {
      const row = await db.selectFrom('setting').select('value').where('key', '=', key).executeTakeFirst();
      return row ? (JSON.parse(row.value) as T) : undefined;
    },

    async set(key: string, value: unknown): Promise<void> {
      const text = JSON.stringify(value);
      const now = new Date().toISOString();
      await db
        .insertInto('setting')
        .values({ key, value: text, updated_at: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, updated_at: now }))
        .execute();
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
