import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/database';
import { type Count, createRateLimitRepository } from '../repositories/rate-limit-repository';

type Done = (error: Error | null, result?: Count) => void;

/** What @fastify/rate-limit hands `child()`: the route's limit merged over the plugin's, with the route itself. */
interface LimiterParams {
  groupId?: string;
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

/** How often, at most, one process deletes the counters whose window has ended (on its next counted request). */
export const SWEEP_EVERY_MS = 60_000;

/**
 * A store for @fastify/rate-limit that counts in the app's database instead of each process's memory, so several
 * instances behind one proxy allow a client the route's limit in total, and a restart keeps the counts.
 *
 * The plugin builds the store once and asks it for a `child` per limited route; each child counts under its own scope
 * (`POST /api/auth/sign-in`, or the route group's id), as the plugin's own in-memory store keeps one map per route.
 * Windows start at a client's first request, as in that store. `continueExceeding` and `exponentialBackoff` are not
 * supported: a route asking for them is refused at start rather than silently limited otherwise.
 */
export function databaseRateLimitStore(db: Db, options: { sweepEveryMs?: number } = {}): FastifyRateLimitStoreCtor {
  const counters = createRateLimitRepository(db);
  const sweepEveryMs = options.sweepEveryMs ?? SWEEP_EVERY_MS;
  let lastSweep = 0;

  async function sweepNow(now: number): Promise<void> {
    if (now - lastSweep < sweepEveryMs) return;
    lastSweep = now;
    await counters.sweep(now);
  }

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly scope: string;

    constructor(params: LimiterParams = {}) {
      if (params.continueExceeding || params.exponentialBackoff) {
        throw new Error('The database rate-limit store supports neither continueExceeding nor exponentialBackoff');
      }
      this.scope = scopeOf(params);
    }

    incr(key: string, done: Done, timeWindow: number): void {
      answer(done, async () => {
        const now = Date.now();
        await sweepNow(now);
        return counters.hit(this.scope, key, timeWindow, now);
      });
    }

    read(key: string, done: Done): void {
      answer(done, () => counters.read(this.scope, key));
    }

    child(params: unknown): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(params as LimiterParams);
    }
  }
  return DatabaseRateLimitStore;
}

/** The counters of one limiter: its group when it has one, else its route; the plugin-wide limiter is `*`. */
function scopeOf(params: LimiterParams): string {
  if (params.groupId) return `group:${params.groupId}`;
  const { method, url } = params.routeInfo ?? {};
  if (!url) return '*';
  return `${[method ?? ''].flat().join(',')} ${url}`;
}

function answer(done: Done, work: () => Promise<Count>): void {
  work().then(
    (count) => done(null, count),
    (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
  );
}
