import type { FastifyBaseLogger } from 'fastify';
import type { Instances } from '../jobs/instances';
import type { Worker } from '../jobs/worker';
import type { OriginalReplacements } from '../services/media/replace-original';
import type { TrashService } from '../services/media/trash';
import { PAYMENT_REMINDER_INTERVAL_MS, type PaymentReminders } from '../services/proofing/payment-reminders';
import { type TusUploads, UNFINISHED_SWEEP_INTERVAL_MS } from '../uploads/tus-uploads';

export interface Background {
  /** Starts the job worker, the daily tasks and the look for finished uploads; the app calls it once it is ready. */
  start(): Promise<void>;
  /** Stops them, waiting for work in hand, before the database closes. */
  stop(): Promise<void>;
}

/**
 * The work that runs beside the requests: the media job worker, the daily sweeps of the trash and of replaced
 * originals, the sweep of abandoned uploads and the hourly look for payment reminders due (each run on one
 * instance), and the uploads a crash left finished but not yet stored.
 */
export function composeBackground(deps: {
  worker: Worker;
  instances: Instances;
  trash: Pick<TrashService, 'purgeExpired'>;
  /** Previous originals kept after an edited version replaced them. */
  versions: Pick<OriginalReplacements, 'purgeExpired'>;
  uploads: Pick<TusUploads, 'recoverFinished' | 'deleteExpired'>;
  paymentReminders: Pick<PaymentReminders, 'sendDue'>;
  logger: FastifyBaseLogger;
}): Background {
  const { instances, logger } = deps;
  let tasks: { stop: () => Promise<void> }[] = [];
  let recovering: Promise<unknown> = Promise.resolve();
  return {
    async start() {
      await deps.worker.start();
      // In the background: start does not wait for large files to be read back and stored.
      recovering = deps.uploads
        .recoverFinished()
        .catch((error) => logger.error({ err: error }, 'finished uploads could not be looked for'));
      tasks = [
        instances.startDailyTask(
          'trash-sweep',
          () => deps.trash.purgeExpired(),
          (error) => logger.error({ err: error }, 'the trash sweep failed'),
        ),
        instances.startDailyTask(
          'media-versions-sweep',
          () => deps.versions.purgeExpired(),
          (error) => logger.error({ err: error }, 'the sweep of replaced originals failed'),
        ),
        instances.startDailyTask(
          'unfinished-uploads',
          () => deps.uploads.deleteExpired(),
          (error) => logger.error({ err: error }, 'unfinished uploads could not be cleaned up'),
          UNFINISHED_SWEEP_INTERVAL_MS,
        ),
        instances.startDailyTask(
          'payment-reminders',
          () => deps.paymentReminders.sendDue(),
          (error) => logger.error({ err: error }, 'the payment reminders failed'),
          PAYMENT_REMINDER_INTERVAL_MS,
        ),
      ];
    },
    async stop() {
      await Promise.all(tasks.map((task) => task.stop()));
      await recovering;
      await deps.worker.stop();
    },
  };
}
