import type { Db } from '../db/database';

/** What an event's automatic placement goes by: each class's round length and each camera's clock offset. */
export function createEventRuleRepository(db: Db) {
  return {
    async classes(eventId: string): Promise<Array<{ name: string; roundSeconds: number }>> {
      const rows = await db
        .selectFrom('event_class')
        .select(['name', 'round_seconds'])
        .where('event_id', '=', eventId)
        .orderBy('name')
        .execute();
      return rows.map((row) => ({ name: row.name, roundSeconds: Number(row.round_seconds) }));
    },

    async setClasses(eventId: string, classes: Array<{ name: string; roundSeconds: number }>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('event_class').where('event_id', '=', eventId).execute();
        if (classes.length === 0) return;
        await trx
          .insertInto('event_class')
          .values(classes.map((rule) => ({ event_id: eventId, name: rule.name, round_seconds: rule.roundSeconds })))
          .execute();
      });
    },

    async cameras(eventId: string): Promise<Array<{ camera: string; offsetSeconds: number }>> {
      const rows = await db
        .selectFrom('event_camera')
        .select(['camera', 'offset_seconds'])
        .where('event_id', '=', eventId)
        .orderBy('camera')
        .execute();
      return rows.map((row) => ({ camera: row.camera, offsetSeconds: Number(row.offset_seconds) }));
    },

    async setCameraOffset(eventId: string, camera: string, offsetSeconds: number): Promise<void> {
      await db
        .insertInto('event_camera')
        .values({ event_id: eventId, camera, offset_seconds: offsetSeconds })
        .onConflict((oc) => oc.columns(['event_id', 'camera']).doUpdateSet({ offset_seconds: offsetSeconds }))
        .execute();
    },
  };
}
