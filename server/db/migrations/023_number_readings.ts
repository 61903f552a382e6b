import type { Kysely } from 'kysely';

/**
 * `event_photo_reading`: the start numbers read in each event photo and what they did to its placement.
 *
 * - `number` / `confidence` / `box`: the best reading (null when none); `box` and `candidates` are JSON, boxes in the
 *   pixels of the picture that was read (`width` × `height`), so a crop can be drawn on any rendition of it.
 * - `state`: `number` (placed by the number alone), `number-and-time` (the number and the capture time agree), `time`
 *   (no confident number: the placement by time stands), `manual` (placed by hand before it was read; untouched),
 *   `review` (kept out of every entry until the photographer decides, `reason` says why), `confirmed` / `corrected`
 *   (the photographer decided). A photo in `number`, `number-and-time` or `review` is never moved by a time run.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('event_photo_reading')
    .addColumn('media_id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('event_id', 'varchar(40)', (col) => col.notNull())
    .addColumn('number', 'varchar(20)')
    .addColumn('confidence', 'double precision')
    .addColumn('box', 'text')
    .addColumn('candidates', 'text', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('read_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('state', 'varchar(20)', (col) => col.notNull())
    .addColumn('reason', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('event_photo_reading_state')
    .on('event_photo_reading')
    .columns(['event_id', 'state'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('event_photo_reading').execute();
}
