import type { Kysely } from 'kysely';

/**
 * Competitions.
 *
 * - `event`: a competition or show, its page (`slug`) and who may find it: `public` (listed), `unlisted` (only with
 *   its unguessable `access_key`) or `hidden`. Its photos live in their own storage folder, which no client owns.
 * - `event_class`: each class's round length, used to place photos in the right ride.
 * - `event_entry`: one line of the start list. `hidden` takes an entry out of search and of the page on request.
 * - `event_camera`: the clock offset of each camera (true time = camera time + offset).
 * - `event_photo`: where each photo of the event was taken (its capture time and camera) and the entry it shows;
 *   `manual` marks a choice of the photographer, which a new assignment run keeps.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('event')
    .addColumn('id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('slug', 'varchar(80)', (col) => col.notNull().unique())
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('starts_on', 'varchar(10)', (col) => col.notNull())
    .addColumn('ends_on', 'varchar(10)', (col) => col.notNull())
    .addColumn('venue', 'varchar(200)', (col) => col.notNull())
    .addColumn('discipline', 'varchar(40)', (col) => col.notNull())
    .addColumn('visibility', 'varchar(20)', (col) => col.notNull())
    .addColumn('access_key', 'varchar(64)', (col) => col.notNull())
    .addColumn('time_zone', 'varchar(64)', (col) => col.notNull())
    .addColumn('cover_media_id', 'varchar(40)')
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('event_class')
    .addColumn('event_id', 'varchar(40)', (col) => col.notNull())
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('round_seconds', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('event_class_pk', ['event_id', 'name'])
    .execute();

  await db.schema
    .createTable('event_entry')
    .addColumn('id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('event_id', 'varchar(40)', (col) => col.notNull())
    .addColumn('number', 'varchar(20)', (col) => col.notNull())
    .addColumn('rider', 'varchar(200)', (col) => col.notNull())
    .addColumn('horse', 'varchar(200)', (col) => col.notNull())
    .addColumn('class_name', 'varchar(100)', (col) => col.notNull())
    .addColumn('start_time', 'varchar(30)', (col) => col.notNull())
    .addColumn('hidden', 'integer', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('event_entry_event').on('event_entry').columns(['event_id', 'position']).execute();

  await db.schema
    .createTable('event_camera')
    .addColumn('event_id', 'varchar(40)', (col) => col.notNull())
    .addColumn('camera', 'varchar(100)', (col) => col.notNull())
    .addColumn('offset_seconds', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('event_camera_pk', ['event_id', 'camera'])
    .execute();

  await db.schema
    .createTable('event_photo')
    .addColumn('media_id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('event_id', 'varchar(40)', (col) => col.notNull())
    .addColumn('entry_id', 'varchar(40)')
    .addColumn('captured_at', 'varchar(30)')
    .addColumn('camera', 'varchar(100)')
    .addColumn('manual', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('event_photo_event').on('event_photo').columns(['event_id', 'entry_id']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['event_photo', 'event_camera', 'event_entry', 'event_class', 'event']) {
    await db.schema.dropTable(table).execute();
  }
}
