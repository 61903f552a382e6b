import { randomBytes } from 'node:crypto';
import type { Dir } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import { mediaIdSchema } from '../../../shared/schemas/admin';
import type { ChangeFeed } from '../../cache/change-feed';
import type { Config } from '../../env';
import { proxySendOf } from '../../http/accel';
import { type Derivative, derivativeKey, isProof } from '../../media/types';
import type { MediaRepository } from '../../repositories/media-repository';
import { assertValidKey } from '../../storage/keys';
import { GALLERY_TOPIC } from '../galleries/gallery-service';
import { isPublicItem } from './media-access';

/**
 * The Content-Type nginx gives each mirrored file, by extension: exactly the `types {}` block of the mirror's location
 * in deploy/nginx/gallery-locations.conf (a test compares the two). A derivative whose type is not here is never
 * linked, so nginx never sends a file under another type than the app would.
 */
export const MIRROR_TYPES: Readonly<Record<string, string>> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  mp4: 'video/mp4',
};

/** Where the mirror lives: DATA_DIR/public, beside the disk driver's DATA_DIR/media. */
export function publicMirrorRoot(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'public');
}

export interface PublicMirror {
  /** False without MEDIA_ACCEL=nginx on the disk driver: then nothing is linked and no directory is made. */
  readonly active: boolean;
  /**
   * Links `derivative` of the public item `id` at `<root>/media/<id>/<file>`, the path of its URL. Call it after
   * the access rule said `public`; the item is looked up once more after linking, in case it has left since.
   * Never rejects: a failure is logged (once per kind) and the app keeps answering that file itself.
   */
  publish(id: string, derivative: Derivative): Promise<void>;
  /** Removes the links of every item that is no longer public (now, not waiting for the next pass). */
  reconcile(): Promise<void>;
  /** Resolves once no pass is waiting or running. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface PublicMirrorOptions {
  config: Pick<Config, 'dataDir' | 'mediaAccel' | 'storage'>;
  media: Pick<MediaRepository, 'accessStatesOf'>;
  changes: Pick<ChangeFeed, 'subscribe'>;
  logger: Pick<FastifyBaseLogger, 'warn'>;
  /** How long changes are gathered before one pass runs: a bulk move of 1,000 items costs one pass. */
  settleMs?: number;
  /** The backstop pass, in case an announcement was lost without the feed noticing the gap. */
  sweepMs?: number;
  /** Ids looked up per query. */
  batchSize?: number;
}

/**
 * A directory of symbolic links, one per public derivative a visitor has asked for, which nginx serves directly
 * (`try_files` in deploy/nginx/gallery-locations.conf): from the stored file itself, with sendfile from byte 0, and
 * without asking the app. The app makes a link when it answers a public derivative, and takes an item's links away
 * when it leaves the main gallery: a pass over the directory after every change of the main gallery (announced on
 * GALLERY_TOPIC by every instance, which share the disk), at start, and every `sweepMs`. A link whose stored file is
 * gone dangles, and nginx then asks the app, which answers 404.
 */
export function createPublicMirror(options: PublicMirrorOptions): PublicMirror {
  const send = proxySendOf(options.config);
  if (!send) return inactiveMirror;
  const storageRoot = send.root;
  const linksRoot = path.join(publicMirrorRoot(options.config), 'media');
  const settleMs = options.settleMs ?? 250;
  const batchSize = options.batchSize ?? 500;
  const reported = new Set<string>();
  let closed = false;

  function reportOnce(what: string, error: unknown): void {
    const code = (error as NodeJS.ErrnoException)?.code ?? 'unknown';
    if (reported.has(`${what}:${code}`)) return;
    reported.add(`${what}:${code}`);
    options.logger.warn(
      { err: error, dir: linksRoot },
      `public mirror: ${what} failed (${code}); the app serves those files`,
    );
  }

  // One pass at a time: a pass asked for while one runs waits for it.
  let exclusive: Promise<void> = Promise.resolve();
  function reconcile(): Promise<void> {
    const run = exclusive.then(() => removeNonPublic(linksRoot, options.media, batchSize));
    exclusive = run.catch(() => undefined);
    return run;
  }

  // Coalescing: the first change opens a window of settleMs; changes inside it, or during the pass that follows,
  // cost at most one more pass. The window does not restart on each change, so a stream of changes cannot postpone
  // a removal.
  let pending: Promise<void> | undefined;
  let dirty = false;
  let wake: (() => void) | undefined;
  let windowTimer: NodeJS.Timeout | undefined;
  function schedule(): void {
    if (closed) return;
    dirty = true;
    if (pending) return;
    pending = (async () => {
      while (dirty && !closed) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          windowTimer = setTimeout(resolve, settleMs);
        });
        dirty = false;
        if (closed) break;
        await reconcile().catch((error: unknown) => reportOnce('removing links', error));
      }
    })().finally(() => {
      pending = undefined;
    });
  }

  const unsubscribe = options.changes.subscribe(GALLERY_TOPIC, (folder) => {
    // `null`: announcements may have been missed, so any folder may have changed.
    if (folder === null || folder === MAIN_GALLERY_FOLDER) schedule();
  });
  const sweep = setInterval(schedule, options.sweepMs ?? 60_000);
  sweep.unref();
  schedule();

  return {
    active: true,
    async publish(id, derivative) {
      if (closed || isProof(derivative) || !mediaIdSchema.safeParse(id).success) return;
      const extension = derivative.file.slice(derivative.file.lastIndexOf('.') + 1);
      if (MIRROR_TYPES[extension] !== derivative.contentType) return;
      const key = derivativeKey(id, derivative.file);
      assertValidKey(key);
      const target = path.join(storageRoot, ...key.split('/'));
      const dir = path.join(linksRoot, id);
      const link = path.join(dir, derivative.file);
      try {
        if ((await fs.readlink(link).catch(() => null)) === target) return;
        await fs.mkdir(dir, { recursive: true });
        // A link appears whole or not at all: made under a temporary name, then renamed over the final one.
        const temp = path.join(dir, `.${derivative.file}.${randomBytes(6).toString('hex')}`);
        await fs.symlink(target, temp);
        await fs.rename(temp, link).catch(async (error: unknown) => {
          await fs.rm(temp, { force: true });
          throw error;
        });
        // The item may have left the main gallery since the access decision. A change committed before this
        // look-up is seen by it; one committed after is announced after the link exists, and the pass that
        // follows the announcement removes it. So no link outlives its item's being public.
        const [state] = await options.media.accessStatesOf([id]);
        if (!state || !isPublicItem(state)) await fs.rm(dir, { recursive: true, force: true });
      } catch (error) {
        reportOnce('linking', error);
      }
    },
    reconcile,
    async idle() {
      while (pending) await pending;
      await exclusive;
    },
    async close() {
      closed = true;
      unsubscribe();
      clearInterval(sweep);
      clearTimeout(windowTimer);
      wake?.();
      await pending;
      await exclusive;
    },
  };
}

const inactiveMirror: PublicMirror = {
  active: false,
  publish: async () => undefined,
  reconcile: async () => undefined,
  idle: async () => undefined,
  close: async () => undefined,
};

/**
 * Removes `<linksRoot>/<id>` for every id that is not a public item now, looking ids up `batchSize` at a time. It
 * walks what is in the directory: only items someone asked for are there, so the pass stays small.
 */
async function removeNonPublic(
  linksRoot: string,
  media: Pick<MediaRepository, 'accessStatesOf'>,
  batchSize: number,
): Promise<void> {
  let dir: Dir;
  try {
    dir = await fs.opendir(linksRoot);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const removeUnlessPublic = async (names: string[]) => {
    const ids = names.filter((name) => mediaIdSchema.safeParse(name).success);
    const states = await media.accessStatesOf(ids);
    const keep = new Set(states.filter(isPublicItem).map((state) => state.id));
    await Promise.all(
      names
        .filter((name) => !keep.has(name))
        .map((name) => fs.rm(path.join(linksRoot, name), { recursive: true, force: true })),
    );
  };
  let batch: string[] = [];
  for await (const entry of dir) {
    batch.push(entry.name);
    if (batch.length >= batchSize) {
      await removeUnlessPublic(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await removeUnlessPublic(batch);
}
