import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolAvailable } from '../../../e2e/support/required-tool';
import { encodeLavfiClip } from '../../media/demo-art';
import { writeTestPng } from '../../media/test-images';
import { DERIVED_PREFIX, type Derivative, derivativeKey, isProof } from '../../media/types';
import { detectVideoTools } from '../../media/video';
import { createAdminMediaRepository } from '../../repositories/admin-media-repository';
import type { MediaRecord } from '../../repositories/media-repository';
import { createSettingsRepository } from '../../repositories/settings-repository';
import { TEST_DATABASES } from '../../test/harness';
import { drainJobs, makeTestRuntime, TEST_SITE_NAME, writeTestJpeg } from '../../test/support/ingest';
import { openTestDatabase } from '../../test/support/test-database';
import { PROOF_JOB } from './proof-job';
import { createProofService, type ProofService } from './proofs';
import { createTrashService } from './trash';

const FOLDER = 'dana_cohen@example_com';
const tools = await detectVideoTools();
toolAvailable('ffmpeg', tools !== null);

describe.each(TEST_DATABASES)('proof jobs on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  let runtime: ReturnType<typeof makeTestRuntime>;
  let proofs: ProofService;
  const proofingFolders = [FOLDER];
  let n = 0;

  const storedKeys = async (id: string) =>
    (await runtime.storage.list({ prefix: `${DERIVED_PREFIX}${id}/` })).items.map((item) => item.key).sort();
  const keysOf = (id: string, derivatives: Derivative[]) => derivatives.map((item) => derivativeKey(id, item.file));
  const reload = async (id: string): Promise<MediaRecord> => {
    const record = await runtime.media.findById(id);
    if (!record) throw new Error(`no row ${id}`);
    return record;
  };
  const proofsOf = (record: MediaRecord) => record.derivatives.filter(isProof);
  const cleanOf = (record: MediaRecord) => record.derivatives.filter((item) => !isProof(item));

  async function ingest(source: string, folder = FOLDER): Promise<MediaRecord> {
    const copy = path.join(t.dir, `upload-${++n}${path.extname(source)}`);
    fs.copyFileSync(source, copy);
    const record = await runtime.ingest.ingestFile({ folder, localPath: copy, originalName: path.basename(source) });
    await drainJobs(runtime);
    return reload(record.id);
  }

  async function photo(width = 2000, height = 1333): Promise<string> {
    return writeTestJpeg(path.join(t.dir, `photo-${++n}.jpg`), width, height);
  }

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    runtime = makeTestRuntime(t.database, t.dir);
    proofs = createProofService({
      settings: createSettingsRepository(t.database.db),
      media: runtime.media,
      jobs: runtime.jobs,
      storage: runtime.storage,
      siteName: TEST_SITE_NAME,
      notifyWorker: () => runtime.worker.notify(),
      proofingFolders: async () => proofingFolders,
    });
  });
  afterAll(async () => t.close());

  it('makes the proofs of a ready item through the worker, stores them and records them beside the clean set', async () => {
    const item = await ingest(await photo());
    const clean = cleanOf(item);
    expect(proofsOf(item)).toEqual([]);
    const { version, text, layout, hasLogo } = await proofs.settings();
    expect({ text, layout, hasLogo }).toEqual({ text: TEST_SITE_NAME, layout: 'tiled', hasLogo: false });

    expect(await proofs.prepareFolder(FOLDER)).toBe(1);
    // Already queued for this version: not queued twice.
    expect(await proofs.prepareFolder(FOLDER)).toBe(0);
    await drainJobs(runtime);

    const done = await reload(item.id);
    expect(cleanOf(done)).toEqual(clean);
    const made = proofsOf(done);
    expect(made.map((proof) => [proof.role, proof.format, proof.width, proof.watermark])).toEqual([
      ['proof', 'webp', 1600, version],
      ['proof', 'webp', 960, version],
      ['proof', 'webp', 480, version],
    ]);
    for (const proof of made) expect(proof.file).toMatch(/^proof-\d+w-[0-9a-f]{16}\.webp$/);
    expect(await storedKeys(item.id)).toEqual(keysOf(item.id, done.derivatives).sort());
    // Current proofs: nothing to do.
    expect(await proofs.prepareFolder(FOLDER)).toBe(0);
  });

  it('replaces the proofs when the watermark changes, and deletes the old files', async () => {
    const item = await ingest(await photo(1200, 800));
    await proofs.prepareItem(item.id);
    await drainJobs(runtime);
    const before = await reload(item.id);
    const oldProofs = proofsOf(before);
    expect(oldProofs.map((proof) => proof.width)).toEqual([960, 480]);

    const changed = await proofs.updateWatermark({ text: 'Studio דנה', layout: 'centered' });
    expect(changed).toMatchObject({ text: 'Studio דנה', layout: 'centered', hasLogo: false });
    expect(changed.version).not.toBe(oldProofs[0]?.watermark);
    await drainJobs(runtime);

    const after = await reload(item.id);
    expect(cleanOf(after)).toEqual(cleanOf(before));
    const newProofs = proofsOf(after);
    expect(newProofs.map((proof) => [proof.width, proof.watermark])).toEqual([
      [960, changed.version],
      [480, changed.version],
    ]);
    const keys = await storedKeys(item.id);
    expect(keys).toEqual(keysOf(item.id, after.derivatives).sort());
    for (const key of keysOf(item.id, oldProofs)) expect(keys).not.toContain(key);
    // The same watermark again is no change: nothing is queued.
    expect(await proofs.updateWatermark({ text: 'Studio דנה', layout: 'centered' })).toEqual(changed);
    expect(await runtime.jobs.countPending()).toBe(0);
  });

  it('draws the logo instead of the text, and goes back to the text without it', async () => {
    const item = await ingest(await photo(800, 600));
    const png = fs.readFileSync(await writeTestPng(path.join(t.dir, 'logo.png')));
    const withLogo = await proofs.setLogo(png);
    expect(withLogo.hasLogo).toBe(true);
    expect(await proofs.logo()).toEqual(png);
    await drainJobs(runtime);
    expect(proofsOf(await reload(item.id)).every((proof) => proof.watermark === withLogo.version)).toBe(true);

    const logoKeys = async () => (await runtime.storage.list({ prefix: '_site/' })).items.map((i) => i.key);
    expect(await logoKeys()).toHaveLength(1);
    await expect(proofs.setLogo(Buffer.from('not a png'))).rejects.toMatchObject({ code: 'invalid-argument' });
    const withoutLogo = await proofs.removeLogo();
    expect(withoutLogo.hasLogo).toBe(false);
    expect(withoutLogo.version).not.toBe(withLogo.version);
    expect(await proofs.logo()).toBeNull();
    expect(await logoKeys()).toEqual([]);
    await drainJobs(runtime);
    expect(proofsOf(await reload(item.id)).every((proof) => proof.watermark === withoutLogo.version)).toBe(true);
  });

  it('skips items that are not ready or in the trash, and jobs whose watermark is no longer current', async () => {
    const { version } = await proofs.settings();
    const trashed = await ingest(await photo(640, 480));
    const admin = createAdminMediaRepository(t.database.db);
    const trash = createTrashService({ admin, storage: runtime.storage, findById: (id) => runtime.media.findById(id) });
    await trash.moveToTrash(trashed.id);
    const stale = await ingest(await photo(640, 480));
    await runtime.jobs.enqueue({ type: PROOF_JOB, payload: { mediaId: trashed.id, version } });
    await runtime.jobs.enqueue({ type: PROOF_JOB, payload: { mediaId: stale.id, version: 'an-old-version' } });
    await runtime.jobs.enqueue({ type: PROOF_JOB, payload: { mediaId: 'no-such-item', version } });
    await drainJobs(runtime);
    expect(proofsOf(await reload(trashed.id))).toEqual([]);
    expect(proofsOf(await reload(stale.id))).toEqual([]);
    await proofs.prepareItem(trashed.id);
    expect(await runtime.jobs.countPending()).toBe(0);
  });

  it('asks for proofs as soon as an item is ready when the runtime is told to, and a failing hook fails nothing', async () => {
    const hooked = makeTestRuntime(t.database, t.dir, runtime.storage, {
      onReady: (record) => proofs.prepareItem(record.id),
    });
    const source = path.join(t.dir, `hooked-${++n}.jpg`);
    fs.copyFileSync(await photo(700, 500), source);
    const record = await hooked.ingest.ingestFile({ folder: FOLDER, localPath: source, originalName: 'hooked.jpg' });
    await drainJobs(hooked);
    const ready = await reload(record.id);
    expect(ready.status).toBe('ready');
    expect(proofsOf(ready).map((proof) => proof.width)).toEqual([480]);

    const failing = makeTestRuntime(t.database, t.dir, runtime.storage, {
      onReady: () => Promise.reject(new Error('the hook broke')),
    });
    const other = path.join(t.dir, `failing-${++n}.jpg`);
    fs.copyFileSync(await photo(300, 200), other);
    const second = await failing.ingest.ingestFile({ folder: FOLDER, localPath: other, originalName: 'f.jpg' });
    await drainJobs(failing);
    expect((await reload(second.id)).status).toBe('ready');
  });

  // Skipped only where ffmpeg is not installed (videos then have no preview clip); CI installs it.
  it.skipIf(!tools)('gives a video picture proofs of its poster and a watermarked preview clip', async () => {
    if (!tools) throw new Error('unreachable');
    const clip = path.join(t.dir, `clip-${++n}.mp4`);
    await encodeLavfiClip(tools.ffmpeg, 'testsrc=duration=1:size=640x360:rate=25', clip);
    const video = await ingest(clip);
    await proofs.prepareItem(video.id);
    await drainJobs(runtime);
    const done = await reload(video.id);
    const { version } = await proofs.settings();
    const preview = done.derivatives.find((item) => item.role === 'preview');
    expect(proofsOf(done).map((proof) => [proof.role, proof.width, proof.watermark])).toEqual([
      ['proof', 480, version],
      ['proof-preview', preview?.width, version],
    ]);
    expect(proofsOf(done).at(-1)?.file).toMatch(/^proof-preview-[0-9a-f]{16}\.mp4$/);
    expect(await storedKeys(video.id)).toEqual(keysOf(video.id, done.derivatives).sort());
  });
});
