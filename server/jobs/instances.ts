import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../env';
import type { LeaseRepository } from '../repositories/lease-repository';
import { startDailyTask } from './daily-task';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A live instance renews its presence every third of this; one that stopped counts as gone once it passes. */
export const PRESENCE_TTL_MS = 15_000;
const PRESENCE_PREFIX = 'instance:';
/** A daily run's claim ends a little before the next day's tick, so clock drift never skips a day. */
const DAILY_CLAIM_SLACK_MS = 5 * 60_000;

export interface InstanceLogger {
  info(obj: object, message: string): void;
  error(obj: object, message: string): void;
}

/**
 * The id of the instance a DATA_DIR belongs to, kept in DATA_DIR/instance-id. Processes sharing one DATA_DIR (one
 * machine, one outbox) are one instance; a restarted process is the same instance as before, so its own presence
 * from before a crash never counts as "another instance".
 */
function loadInstanceId(dataDir: string): string {
  const file = path.join(dataDir, 'instance-id');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, `${randomBytes(9).toString('base64url')}\n`, { flag: 'wx' });
    } catch {
      // Another process of this DATA_DIR wrote it first: use theirs.
    }
    return fs.readFileSync(file, 'utf8').trim();
  }
}

/**
 * How the instances sharing one database know of each other (server/db: the `lease` table):
 * - each announces itself with a presence lease renewed every few seconds; an instance without SMTP refuses to start
 *   while another is live, since e-mails written to its own outbox would reach nobody;
 * - daily sweeps run on one instance per day: whichever claims the day's run does it;
 * - `holder` names this process in every lease it takes (an upload's lock among them).
 */
export function createInstances(deps: {
  leases: LeaseRepository;
  dataDir: string;
  smtpConfigured: boolean;
  logger: InstanceLogger;
}) {
  const { leases, logger } = deps;
  const holder = randomBytes(9).toString('base64url');
  const presence = `${PRESENCE_PREFIX}${loadInstanceId(deps.dataDir)}`;
  let timer: NodeJS.Timeout | null = null;
  let warnedAboutMail = false;

  async function othersLive(): Promise<string[]> {
    const live = await leases.listLive(PRESENCE_PREFIX);
    return live.map((row) => row.name).filter((name) => name !== presence);
  }

  async function renewPresence(): Promise<void> {
    await leases.touch(presence, holder, PRESENCE_TTL_MS);
    if (!deps.smtpConfigured && !warnedAboutMail && (await othersLive()).length > 0) {
      warnedAboutMail = true;
      logger.error(
        { presence },
        'another instance shares this database, and this one has no SMTP_URL: its e-mails stay in its own outbox',
      );
    }
  }

  return {
    holder,
    leases,

    /**
     * Joins the instances at start: refuses (a ConfigError naming SMTP_URL) when another is live and this one has no
     * SMTP, then keeps this one's presence fresh until `leave`.
     */
    async join(): Promise<void> {
      const others = await othersLive();
      if (others.length > 0 && !deps.smtpConfigured) {
        throw new ConfigError([
          `SMTP_URL: required when several instances share the database (${others.length} other live); ` +
            'without it each instance keeps its e-mails in its own outbox',
        ]);
      }
      await leases.touch(presence, holder, PRESENCE_TTL_MS);
      if (others.length > 0) logger.info({ others: others.length }, 'joined other live instances');
      timer = setInterval(() => {
        renewPresence().catch((error: unknown) => logger.error({ err: error }, 'presence not renewed'));
      }, PRESENCE_TTL_MS / 3);
      timer.unref();
    },

    /** Stops announcing this instance and removes its presence, so a restart is not "another instance". */
    async leave(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await leases.release(presence, holder).catch(() => {});
    },

    /**
     * Runs `task` now and once a day, on one instance per run: each tick claims the day's run in the shared database
     * first, and only the instance that got the claim runs it. A run that fails gives the claim back.
     */
    startDailyTask(name: string, task: () => Promise<unknown>, onError: (error: unknown) => void, intervalMs = DAY_MS) {
      const claim = `daily:${name}`;
      const claimed = async () => {
        if (!(await leases.tryAcquire(claim, holder, Math.max(1_000, intervalMs - DAILY_CLAIM_SLACK_MS)))) return;
        try {
          await task();
        } catch (error) {
          await leases.release(claim, holder).catch(() => {});
          throw error;
        }
      };
      return startDailyTask(claimed, onError, intervalMs);
    },
  };
}

export type Instances = ReturnType<typeof createInstances>;
