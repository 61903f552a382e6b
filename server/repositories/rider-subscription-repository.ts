import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { RiderSubscriptionTable } from '../db/schema';
import { newJobRow } from './job-repository';

export interface RiderSubscriptionRecord {
  id: string;
  eventId: string;
  number: string;
  email: string;
  language: string;
  confirmedAt: string | null;
  unsubscribeToken: string;
  /** How many of the number's photos the last mail told of. */
  toldCount: number;
  lastNotifiedAt: string | null;
}

function toRecord(row: Selectable<RiderSubscriptionTable>): RiderSubscriptionRecord {
  return {
    id: row.id,
    eventId: row.event_id,
    number: row.number,
    email: row.email,
    language: row.language,
    confirmedAt: row.confirmed_at,
    unsubscribeToken: row.unsubscribe_token,
    toldCount: Number(row.told_count),
    lastNotifiedAt: row.last_notified_at,
  };
}

/** "Tell me when my photos are ready" (migration 025_rider_subscriptions): who asked, for which number, and what they were told. */
export function createRiderSubscriptionRepository(db: Db) {
  return {
    /**
     * A subscription for this event, number and address, made now or found: an unconfirmed one gets the new confirm
     * token (the latest mail's link is the one that works); a confirmed one is left as it is.
     */
    async upsert(input: {
      eventId: string;
      number: string;
      email: string;
      language: string;
      confirmTokenHash: string;
      unsubscribeToken: string;
    }): Promise<{ record: RiderSubscriptionRecord; created: boolean }> {
      const find = () =>
        db
          .selectFrom('rider_subscription')
          .selectAll()
          .where('event_id', '=', input.eventId)
          .where('number', '=', input.number)
          .where('email', '=', input.email)
          .executeTakeFirst();
      const existing = await find();
      if (existing) {
        if (existing.confirmed_at === null) {
          await db
            .updateTable('rider_subscription')
            .set({ confirm_token_hash: input.confirmTokenHash, language: input.language })
            .where('id', '=', existing.id)
            .execute();
        }
        return { record: toRecord(existing), created: false };
      }
      // Two requests racing for the same row: the unique key lets one insert; the other reads what it made.
      await db
        .insertInto('rider_subscription')
        .values({
          id: randomUUID(),
          event_id: input.eventId,
          number: input.number,
          email: input.email,
          language: input.language,
          confirm_token_hash: input.confirmTokenHash,
          confirmed_at: null,
          unsubscribe_token: input.unsubscribeToken,
          last_notified_at: null,
          created_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.columns(['event_id', 'number', 'email']).doNothing())
        .execute();
      const made = await find();
      if (!made) throw new Error('rider subscription vanished after insert');
      return { record: toRecord(made), created: true };
    },

    /** Confirms the subscription whose link has this hash; undefined when no subscription has it. */
    async confirm(confirmTokenHash: string, now = new Date()): Promise<RiderSubscriptionRecord | undefined> {
      const row = await db
        .selectFrom('rider_subscription')
        .selectAll()
        .where('confirm_token_hash', '=', confirmTokenHash)
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.confirmed_at === null) {
        await db
          .updateTable('rider_subscription')
          .set({ confirmed_at: now.toISOString() })
          .where('id', '=', row.id)
          .where('confirmed_at', 'is', null)
          .execute();
      }
      return toRecord({ ...row, confirmed_at: row.confirmed_at ?? now.toISOString() });
    },

    /** Ends the subscription of this unsubscribe link; what it was, or undefined when there is none (any more). */
    async remove(unsubscribeToken: string): Promise<RiderSubscriptionRecord | undefined> {
      const row = await db
        .selectFrom('rider_subscription')
        .selectAll()
        .where('unsubscribe_token', '=', unsubscribeToken)
        .executeTakeFirst();
      if (!row) return undefined;
      await db.deleteFrom('rider_subscription').where('id', '=', row.id).execute();
      return toRecord(row);
    },

    async confirmedOf(eventId: string): Promise<RiderSubscriptionRecord[]> {
      const rows = await db
        .selectFrom('rider_subscription')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('confirmed_at', 'is not', null)
        .orderBy('created_at')
        .execute();
      return rows.map(toRecord);
    },

    /**
     * Records that a mail told of `count` photos, unless another run recorded first (the count it read is no longer
     * there): true when this caller is the one to send the mail.
     */
    async recordTold(id: string, from: number, count: number, now = new Date()): Promise<boolean> {
      const result = await db
        .updateTable('rider_subscription')
        .set({ told_count: count, last_notified_at: now.toISOString() })
        .where('id', '=', id)
        .where('told_count', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Takes back what recordTold wrote (its mail could not be sent): the next run tries again. */
    async undoTold(id: string, from: number, count: number): Promise<void> {
      await db
        .updateTable('rider_subscription')
        .set({ told_count: from })
        .where('id', '=', id)
        .where('told_count', '=', count)
        .execute();
    },

    /**
     * Queues the job `type` for `eventId` at `runAfter` unless one is queued already (it will see these placements
     * too). A running one does not count: it may have read the photos before the latest placement.
     */
    /** Whether anyone with a confirmed address waits for photos of the event. */
    async anyConfirmed(eventId: string): Promise<boolean> {
      const row = await db
        .selectFrom('rider_subscription')
        .select('id')
        .where('event_id', '=', eventId)
        .where('confirmed_at', 'is not', null)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async queueNotice(type: string, eventId: string, runAfter: Date): Promise<void> {
      const payload = { eventId };
      const queued = await db
        .selectFrom('job')
        .select('id')
        .where('type', '=', type)
        .where('payload', '=', JSON.stringify(payload))
        .where('status', '=', 'queued')
        .executeTakeFirst();
      if (!queued) await db.insertInto('job').values(newJobRow({ type, payload, runAfter })).execute();
    },

    /**
     * How many photos the event's page shows under each start number: ready, not in the trash, placed with an entry
     * that is not hidden. A number ridden twice (two horses) counts both rides.
     */
    async shownPhotosByNumber(eventId: string): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('event_photo')
        .innerJoin('media', 'media.id', 'event_photo.media_id')
        .innerJoin('event_entry', 'event_entry.id', 'event_photo.entry_id')
        .select((eb) => ['event_entry.number', eb.fn.countAll<number | string>().as('n')])
        .where('event_photo.event_id', '=', eventId)
        .where('event_entry.hidden', '=', 0)
        .where('media.status', '=', 'ready')
        .where('media.deleted_at', 'is', null)
        .groupBy('event_entry.number')
        .execute();
      return new Map(rows.map((row) => [row.number, Number(row.n)]));
    },
  };
}

export type RiderSubscriptionRepository = ReturnType<typeof createRiderSubscriptionRepository>;
