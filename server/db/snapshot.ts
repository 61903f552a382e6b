import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import type { Config } from '../env';
import { postgresDriver } from './database';

const run = promisify(execFile);

/**
 * A consistent copy of the database while the server keeps reading and writing: SQLite's online backup API (WAL
 * mode), or pg_dump's custom format (one transaction snapshot, restorable with pg_restore). pg_dump must be of the
 * server's major version or newer.
 */
export async function snapshotDatabase(database: Config['database'], destination: string): Promise<void> {
  if (database.kind === 'sqlite') {
    const sqlite = new SQLite(database.file, { fileMustExist: true });
    try {
      await sqlite.backup(destination);
    } finally {
      sqlite.close();
    }
    return;
  }
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', destination, database.url], {
    maxBuffer: 16 * 1024 * 1024,
  });
}

/**
 * Puts a snapshot back into an empty database (see isEmptyDatabase), all or nothing: PostgreSQL's in one transaction,
 * SQLite's as a copy beside the target renamed into place, so a restore that fails leaves the database as empty as
 * it found it. The leases the snapshot holds belonged to the processes of the snapshot's site (their presence, their
 * running jobs): they are left out, so the restored site neither waits for them nor counts them as live instances.
 */
export async function restoreDatabase(database: Config['database'], source: string): Promise<void> {
  if (database.kind === 'postgres') {
    await restorePostgres(database.url, source);
    return;
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const copy = `${database.file}.restoring-${process.pid}`;
  try {
    fs.copyFileSync(source, copy, fs.constants.COPYFILE_EXCL);
    const sqlite = new SQLite(copy, { fileMustExist: true });
    try {
      // A snapshot taken before leases existed has none to forget.
      const leases = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'lease'").get();
      if (leases) sqlite.exec('DELETE FROM lease');
    } finally {
      sqlite.close();
    }
    if (fs.existsSync(database.file)) throw new Error(`${database.file} appeared during the restore.`);
    fs.renameSync(copy, database.file);
  } finally {
    for (const file of [copy, `${copy}-wal`, `${copy}-shm`]) fs.rmSync(file, { force: true });
  }
}

/** pg_restore's table of contents names a table's rows `TABLE DATA <schema> <table> <owner>`. */
const LEASE_ROWS = /^\d+; \d+ \d+ TABLE DATA \S+ lease( |$)/;

async function restorePostgres(url: string, source: string): Promise<void> {
  const { stdout } = await run('pg_restore', ['--list', source], { maxBuffer: 64 * 1024 * 1024 });
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'gallery-restore-'));
  try {
    const list = path.join(scratch, 'toc.list');
    const kept = stdout.split('\n').filter((line) => !LEASE_ROWS.test(line));
    fs.writeFileSync(list, kept.join('\n'));
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      '--use-list',
      list,
      '--dbname',
      url,
      source,
    ]);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** No SQLite file yet, or a PostgreSQL schema without tables. */
export async function isEmptyDatabase(database: Config['database']): Promise<boolean> {
  if (database.kind === 'sqlite') return !fs.existsSync(database.file);
  const client = new (postgresDriver().Client)({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      'SELECT count(*) AS count FROM information_schema.tables WHERE table_schema = current_schema()',
    );
    return Number(rows[0]?.count ?? 0) === 0;
  } finally {
    await client.end();
  }
}
