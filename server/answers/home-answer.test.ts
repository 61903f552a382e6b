import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolAvailable } from '../../e2e/support/required-tool';
import { MAIN_GALLERY_FOLDER } from '../../shared/folders';
import { encodeLavfiClip } from '../media/demo-art';
import { detectVideoTools } from '../media/video';
import type { MediaRecord } from '../repositories/media-repository';
import { createSettingsRepository } from '../repositories/settings-repository';
import { createMediaUrls } from '../services/media/media-urls';
import { createHomeService, HOME_HERO_SETTING } from '../services/site/home-picks';
import { TEST_DATABASES } from '../test/harness';
import { drainJobs, makeTestRuntime } from '../test/support/ingest';
import { makeReadyMedia } from '../test/support/media-factory';
import { openTestDatabase } from '../test/support/test-database';
import { heroPictureOnPhone } from './hero-video';
import { homeAnswer } from './home-answer';

const hasFfmpeg = toolAvailable('ffmpeg', (await detectVideoTools()) !== null);

describe.each(TEST_DATABASES)('the home answer’s hero on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  let runtime: ReturnType<typeof makeTestRuntime>;
  let video: MediaRecord;
  const urls = createMediaUrls(Buffer.alloc(32, 7));
  const answer = () => {
    const settings = createSettingsRepository(t.database.db);
    return homeAnswer({ home: createHomeService({ media: runtime.media, settings }), mediaUrls: urls });
  };
  const pick = (id: string) => createSettingsRepository(t.database.db).set(HOME_HERO_SETTING, id);
  const derivative = (record: MediaRecord, role: string) => record.derivatives.find((item) => item.role === role);

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    runtime = makeTestRuntime(t.database, t.dir);
    if (!hasFfmpeg) return;
    // A phone's 16:9 export: busy enough that its preview clip outweighs one picture, as real footage does.
    const clip = path.join(t.dir, 'ride.mp4');
    await encodeLavfiClip('ffmpeg', 'testsrc2=s=1280x720:r=25:d=2', clip);
    const copy = path.join(t.dir, 'upload.mp4');
    fs.copyFileSync(clip, copy);
    const ingested = await runtime.ingest.ingestFile({
      folder: MAIN_GALLERY_FOLDER,
      localPath: copy,
      originalName: 'ride.mp4',
    });
    await drainJobs(runtime);
    video = (await runtime.media.findById(ingested.id)) ?? ingested;
  }, 120_000);
  afterAll(async () => t.close());

  it.skipIf(!hasFfmpeg)('weighs the clip against the picture the phone downloads, which the page offers', async () => {
    await pick(video.id);
    const home = await answer();
    const picture = heroPictureOnPhone(video);
    // The phone reads AVIF and needs the box's height × 16/9 × 1.75 device pixels: the widest AVIF of a 1280 px video.
    expect(picture).toMatchObject({ format: 'avif', width: 1280 });
    expect(home.hero?.image.srcset.avif).toContain(`/media/${video.id}/${picture?.file} 1280w`);
    const preview = derivative(video, 'preview');
    expect(preview?.size).toBeGreaterThan(picture?.size ?? 0);
    // Larger than the picture: the hero shows the picture alone, and never the original the lightbox plays.
    expect(home.heroVideo).toBeNull();
  });

  it.skipIf(!hasFfmpeg)('offers the preview clip when it is no larger than that picture', async () => {
    const preview = derivative(video, 'preview');
    const picture = heroPictureOnPhone(video);
    if (!preview || !picture) throw new Error('the ingested video has no preview or no picture');
    // The same files, with the picture declared as large as the clip: the boundary, where the clip is offered.
    const derivatives = video.derivatives.map((item) => (item === picture ? { ...item, size: preview.size } : item));
    const cheap = await makeReadyMedia(runtime.media, {
      isVideo: true,
      ready: { width: 1280, height: 720, duration: 2, derivatives },
    });
    await pick(cheap.id);
    expect((await answer()).heroVideo).toEqual({ src: `/media/${cheap.id}/${preview.file}`, type: 'video/mp4' });

    const dearer = await makeReadyMedia(runtime.media, {
      isVideo: true,
      ready: {
        width: 1280,
        height: 720,
        duration: 2,
        derivatives: derivatives.map((item) => (item.role === 'preview' ? { ...item, size: preview.size + 1 } : item)),
      },
    });
    await pick(dearer.id);
    expect((await answer()).heroVideo).toBeNull();
  });

  it('offers no clip for a video processed before previews existed', async () => {
    const old = await makeReadyMedia(runtime.media, { isVideo: true, ready: { width: 1280, height: 720 } });
    await pick(old.id);
    const home = await answer();
    expect(home.hero?.id).toBe(old.id);
    expect(home.heroVideo).toBeNull();
  });
});
