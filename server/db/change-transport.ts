import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type * as Postgres from 'pg';
import type { ChangeTransport } from '../cache/change-feed';
import type { Config } from '../env';
import { type Database, type Db, postgresDriver } from './database';

export interface ChangeTransportOptions {
  /** PostgreSQL: how often the listening connection is proven alive; SQLite: how often other writers are looked for. */
  checkEveryMs?: number;
  /** Reports connection failures and failed checks (the transport recovers by itself). */
  onError?: (error: unknown) => void;
}

/**
 * The transport of the change feed (server/cache/change-feed.ts) for the configured database:
 * - PostgreSQL: NOTIFY on a channel of this database and schema, LISTEN on one dedicated connection. A notification
 *   sent while that connection was down is lost for good, so every (re)connection reports a gap and the caches start
 *   over; a connection that stops answering its periodic check counts as down.
 * - SQLite: one process owns the file, but another (the import command) may write to it. `PRAGMA data_version`
 *   changes exactly when another connection committed, so a change of it reports a gap; our own writes never do.
 */
export function createChangeTransport(
  database: Database,
  config: Config['database'],
  options: ChangeTransportOptions = {},
): ChangeTransport {
  return config.kind === 'postgres'
    ? postgresTransport(database.db, config.url, options)
    : sqliteTransport(database.db, options);
}

/** Database and schema both: test schemas (and any two sites) sharing one PostgreSQL database never hear each other. */
export async function channelOf(client: Postgres.Client): Promise<string> {
  const { rows } = await client.query<{ place: string }>(
    `SELECT current_database() || '.' || current_schema() AS place`,
  );
  return `cache_changes_${createHash('sha256')
    .update(rows[0]?.place ?? '')
    .digest('hex')
    .slice(0, 20)}`;
}

const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5000;

function postgresTransport(db: Db, url: string, options: ChangeTransportOptions): ChangeTransport {
  const report = options.onError ?? (() => undefined);
  const checkEveryMs = options.checkEveryMs ?? 10_000;
  let channel = '';
  let handlers: Parameters<ChangeTransport['start']>[0] | undefined;
  let listening: Postgres.Client | null = null;
  let stopped = false;
  let retryDelay = RECONNECT_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let checkTimer: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const client = new (postgresDriver().Client)({
      connectionString: url,
      keepAlive: true,
      query_timeout: 5000,
      // A server that never answers (its host gone dark) must not hold up the reconnection loop for good.
      connectionTimeoutMillis: 5000,
    });
    client.on('notification', (notification) => {
      if (notification.channel === channel && notification.payload !== undefined) {
        handlers?.message(notification.payload);
      }
    });
    client.on('error', (error) => {
      report(error);
      lost(client);
    });
    client.on('end', () => lost(client));
    try {
      await client.connect();
      channel ||= await channelOf(client);
      await client.query(`LISTEN "${channel}"`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    listening = client;
    retryDelay = RECONNECT_FIRST_MS;
    // Whatever was announced before LISTEN took effect never reaches us.
    handlers?.gap();
  }

  function lost(client: Postgres.Client): void {
    if (listening !== client) return;
    listening = null;
    client.end().catch(() => undefined);
    if (!stopped) scheduleReconnect();
  }

  function scheduleReconnect(): void {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      connect().catch((error: unknown) => {
        report(error);
        retryDelay = Math.min(retryDelay * 2, RECONNECT_MAX_MS);
        if (!stopped) scheduleReconnect();
      });
    }, retryDelay);
    retryTimer.unref();
  }

  function check(): void {
    const client = listening;
    if (!client) return;
    client.query('SELECT 1').catch((error: unknown) => {
      report(error);
      lost(client);
    });
  }

  return {
    async start(given) {
      handlers = given;
      await connect();
      checkTimer = setInterval(check, checkEveryMs);
      checkTimer.unref();
    },
    async send(payload) {
      // Through the pool, not the listening connection: a send must not wait for (or die with) a reconnection.
      await sql`SELECT pg_notify(${channel}, ${payload})`.execute(db);
    },
    async close() {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(checkTimer);
      const client = listening;
      listening = null;
      await client?.end().catch(() => undefined);
    },
  };
}

function sqliteTransport(db: Db, options: ChangeTransportOptions): ChangeTransport {
  const report = options.onError ?? (() => undefined);
  const checkEveryMs = options.checkEveryMs ?? 1000;
  let timer: NodeJS.Timeout | undefined;
  const dataVersion = async () =>
    Number((await sql<{ data_version: number }>`PRAGMA data_version`.execute(db)).rows[0]?.data_version);

  return {
    async start(handlers) {
      let seen = await dataVersion();
      let checking = false;
      timer = setInterval(() => {
        if (checking) return;
        checking = true;
        dataVersion()
          .then((version) => {
            if (version !== seen) {
              seen = version;
              handlers.gap();
            }
          }, report)
          .finally(() => {
            checking = false;
          });
      }, checkEveryMs);
      timer.unref();
    },
    // Another process on this file sees our commits through its own data_version.
    async send() {},
    async close() {
      clearInterval(timer);
    },
  };
}
