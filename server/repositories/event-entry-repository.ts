import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { type EntryRecord, entryIdentity, type NewEntry, toEntry } from './event-records';

/** An event's start list: its lines, replaced whole by an import, each line hidden or shown. */
export function createEventEntryRepository(db: Db) {
  return {
    async entries(eventId: string): Promise<EntryRecord[]> {
      const rows = await db
        .selectFrom('event_entry')
        .selectAll()
        .where('event_id', '=', eventId)
        .orderBy('position')
        .execute();
      return rows.map(toEntry);
    },

    async findEntry(entryId: string): Promise<EntryRecord | undefined> {
      const row = await db.selectFrom('event_entry').selectAll().where('id', '=', entryId).executeTakeFirst();
      return row ? toEntry(row) : undefined;
    },

    /**
     * Replaces the start list in one transaction. A line identical to one already there (number, rider, horse, class
     * and start) keeps its id and so its photos; the photos of lines that went away become unassigned, unless the
     * photographer placed them by hand on a line that stayed.
     */
    async replaceEntries(eventId: string, entries: NewEntry[]): Promise<number> {
      await db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('event_entry')
          .select(['id', 'number', 'rider', 'horse', 'class_name', 'start_time', 'hidden'])
          .where('event_id', '=', eventId)
          .execute();
        const byIdentity = new Map(
          existing.map((row) => [
            entryIdentity({ ...row, className: row.class_name, startTime: row.start_time || null }),
            { id: row.id, hidden: Number(row.hidden) },
          ]),
        );
        const kept = new Set<string>();
        const rows = entries.map((entry, position) => {
          const same = byIdentity.get(entryIdentity(entry));
          if (same) kept.add(same.id);
          return {
            id: same?.id ?? randomUUID(),
            event_id: eventId,
            number: entry.number,
            rider: entry.rider,
            horse: entry.horse,
            class_name: entry.className,
            start_time: entry.startTime ?? '',
            hidden: same?.hidden ?? 0,
            position,
          };
        });
        const gone = existing.filter((row) => !kept.has(row.id)).map((row) => row.id);
        await trx.deleteFrom('event_entry').where('event_id', '=', eventId).execute();
        for (let start = 0; start < rows.length; start += 500) {
          await trx
            .insertInto('event_entry')
            .values(rows.slice(start, start + 500))
            .execute();
        }
        for (let start = 0; start < gone.length; start += 500) {
          await trx
            .updateTable('event_photo')
            .set({ entry_id: null, manual: 0 })
            .where('entry_id', 'in', gone.slice(start, start + 500))
            .execute();
        }
      });
      return entries.length;
    },

    /** Names an entry (a number-only entry read from the photos, named later by the photographer). */
    async nameEntry(eventId: string, entryId: string, names: { rider?: string; horse?: string }): Promise<boolean> {
      const result = await db
        .updateTable('event_entry')
        .set({
          ...(names.rider !== undefined ? { rider: names.rider } : {}),
          ...(names.horse !== undefined ? { horse: names.horse } : {}),
        })
        .where('event_id', '=', eventId)
        .where('id', '=', entryId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async setEntryHidden(eventId: string, entryId: string, hidden: boolean): Promise<boolean> {
      const result = await db
        .updateTable('event_entry')
        .set({ hidden: hidden ? 1 : 0 })
        .where('event_id', '=', eventId)
        .where('id', '=', entryId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
