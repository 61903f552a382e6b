/**
 * A main gallery with real bytes behind it, for benchmarks that fetch pictures: rows written through the media
 * repository (the same writes the pipeline makes) and derivatives and originals written through the storage driver,
 * so the server finds its sidecars and ETags exactly as after an ingest. One demo picture goes through the image
 * pipeline once and its derivatives are stored under every item's keys: sizes are honest, and seeding takes seconds,
 * not an ingest's minutes.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../server/db/database';
import type { Config } from '../server/env';
import { renderDemoImage } from '../server/media/demo-art';
import { deriveImage, mapWithLimit } from '../server/media/image-pipeline';
import { derivativeKey } from '../server/media/types';
import { createMediaRepository } from '../server/repositories/media-repository';
import { createStorage } from '../server/storage';
import { makeReadyMedia } from '../server/test/support/media-factory';
import { MAIN_GALLERY_FOLDER } from '../shared/folders';

/** An original as a camera writes it: 6000×4000 pixels (its JPEG, with the demo art's grain, runs to megabytes). */
const ORIGINAL = { width: 6000, height: 4000 };

export interface SeededGallery {
  items: number;
  /** Ids of the items whose original is stored (the others have derivatives only): what viewers may download. */
  downloadable: string[];
  originalBytes: number;
}

/**
 * `items` ready images in the main gallery of `config`'s database (which must be migrated: start the server once,
 * or open it with openDatabase) and storage; the first `downloadable` of them also get their original.
 */
export async function seedMainGallery(
  config: Pick<Config, 'dataDir' | 'storage'>,
  options: { items: number; downloadable: number },
): Promise<SeededGallery> {
  const work = fs.mkdtempSync(path.join(config.dataDir, 'seed-'));
  const original = path.join(work, 'original.jpg');
  await renderDemoImage(3, ORIGINAL.width, ORIGINAL.height, original);
  const originalBytes = fs.readFileSync(original);
  // The pipeline's own derivative set (every width and format an ingest makes), encoded once.
  const derived = await deriveImage({ kind: 'file', path: original });
  fs.rmSync(work, { recursive: true, force: true });

  const database = await openDatabase({ kind: 'sqlite', file: path.join(config.dataDir, 'app.db') });
  const storage = createStorage(config.storage);
  const media = createMediaRepository(database.db);
  const downloadable: string[] = [];
  try {
    const ids = Array.from({ length: options.items }, () => randomBytes(16).toString('base64url'));
    const nameOf = (i: number) => `round-${String(i + 1).padStart(4, '0')}.jpg`;
    // The files first, several items at a time: each write waits for its fsync, and those overlap well.
    await mapWithLimit(ids, 16, async (id) => {
      await Promise.all(derived.files.map((f) => storage.put(derivativeKey(id, f.derivative.file), f.data)));
    });
    for (const [i, id] of ids.slice(0, options.downloadable).entries()) {
      await storage.put(`${MAIN_GALLERY_FOLDER}/${nameOf(i)}`, originalBytes, { contentType: 'image/jpeg' });
      downloadable.push(id);
    }
    for (const [i, id] of ids.entries()) {
      await makeReadyMedia(media, {
        id,
        name: nameOf(i),
        size: originalBytes.length,
        position: i,
        ready: {
          width: derived.width,
          height: derived.height,
          placeholder: derived.placeholder,
          derivatives: derived.files.map((f) => f.derivative),
        },
      });
    }
  } finally {
    await database.close();
  }
  return { items: options.items, downloadable, originalBytes: originalBytes.length };
}
