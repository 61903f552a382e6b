import type { Db } from '../db/database';
import type { GalleryModeTable } from '../db/schema-sales';

export type GalleryModeValue = GalleryModeTable['mode'];

/** Gallery modes by folder, and each client's current (unsent) picks. */
export function createProofingRepository(db: Db) {
  return {
    /** The folder's mode; `delivered` when it was never set. */
    async modeOf(folder: string): Promise<GalleryModeValue> {
      const row = await db.selectFrom('gallery_mode').select('mode').where('folder', '=', folder).executeTakeFirst();
      return row?.mode ?? 'delivered';
    },

    async setMode(folder: string, mode: GalleryModeValue): Promise<void> {
      const now = new Date().toISOString();
      await db
        .insertInto('gallery_mode')
        .values({ folder, mode, updated_at: now })
        .onConflict((oc) => oc.column('folder').doUpdateSet({ mode, updated_at: now }))
        .execute();
    },

    async foldersIn(mode: GalleryModeValue): Promise<string[]> {
      const rows = await db.selectFrom('gallery_mode').select('folder').where('mode', '=', mode).execute();
      return rows.map((row) => row.folder);
    },

    /** The account's picks, oldest first, limited to items still visible in `folder`. */
    async picksOf(accountId: string, folder: string): Promise<string[]> {
      const rows = await db
        .selectFrom('pick')
        .innerJoin('media', 'media.id', 'pick.media_id')
        .select('pick.media_id')
        .where('pick.account_id', '=', accountId)
        .where('media.folder', '=', folder)
        .where('media.status', '=', 'ready')
        .where('media.deleted_at', 'is', null)
        .orderBy('pick.created_at')
        .orderBy('pick.media_id')
        .execute();
      return rows.map((row) => row.media_id);
    },

    /** Adds a pick; picking twice is the same as once. */
    async addPick(accountId: string, mediaId: string): Promise<void> {
      await db
        .insertInto('pick')
        .values({ account_id: accountId, media_id: mediaId, created_at: new Date().toISOString() })
        .onConflict((oc) => oc.columns(['account_id', 'media_id']).doNothing())
        .execute();
    },

    async removePick(accountId: string, mediaId: string): Promise<void> {
      await db.deleteFrom('pick').where('account_id', '=', accountId).where('media_id', '=', mediaId).execute();
    },
  };
}

export type ProofingRepository = ReturnType<typeof createProofingRepository>;
