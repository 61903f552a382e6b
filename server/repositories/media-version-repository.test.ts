import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../test/harness';
import { makeReadyMedia } from '../test/support/media-factory';
import { openTestDatabase } from '../test/support/test-database';
import { createMediaRepository, type MediaRecord } from './media-repository';
import { createMediaVersionRepository, type IncomingOriginal } from './media-version-repository';

const image = (file: string) => ({
  file,
  role: 'image' as const,
  format: 'jpeg' as const,
  contentType: 'image/jpeg',
  width: 480,
  height: 360,
  size: 100,
});

const incoming = (key: string, file: string): IncomingOriginal => ({
  key,
  size: 2000,
  contentType: 'image/jpeg',
  md5Hash: `md5-of-${file}`,
  crc32: 42,
  uploadedName: `${file} edit.jpg`,
  editedAt: '2026-06-01T10:00:00.000Z',
  width: 480,
  height: 360,
  duration: null,
  placeholder: null,
  derivatives: [image(file)],
});

describe.each(TEST_DATABASES)('swapping an original on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  let media: ReturnType<typeof createMediaRepository>;
  let versions: ReturnType<typeof createMediaVersionRepository>;
  let item: MediaRecord;

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    media = createMediaRepository(t.database.db);
    versions = createMediaVersionRepository(t.database.db);
    item = await makeReadyMedia(media, { ready: { derivatives: [image('480w-first.jpg')] } });
  });
  afterAll(async () => t?.close());

  const swap = (previous: MediaRecord, versionId: string, key: string, restoring?: string) =>
    versions.swapOriginal({
      previous,
      keptKey: `_originals/${previous.id}/${versionId}.jpg`,
      versionId,
      incoming: incoming(key, versionId),
      restoring,
      at: new Date('2026-06-01T10:00:00.000Z'),
    });

  it('keeps the previous original as a version and points the row at the new one, in one go', async () => {
    expect(await swap(item, 'versionAAAAAAAAAAAAAAA', `_originals/${item.id}/edit-1.jpg`)).toBe(true);
    const after = (await media.findById(item.id)) as MediaRecord;
    expect(after).toMatchObject({
      originalKey: `_originals/${item.id}/edit-1.jpg`,
      fullPath: item.fullPath,
      name: item.name,
      size: 2000,
      md5Hash: 'md5-of-versionAAAAAAAAAAAAAAA',
      crc32: 42,
      editedAt: '2026-06-01T10:00:00.000Z',
      derivatives: [image('versionAAAAAAAAAAAAAAA')],
    });
    expect(after.customMetadata.originalName).toBe('versionAAAAAAAAAAAAAAA edit.jpg');
    expect(await versions.listOf(item.id)).toEqual([
      expect.objectContaining({
        id: 'versionAAAAAAAAAAAAAAA',
        storageKey: `_originals/${item.id}/versionAAAAAAAAAAAAAAA.jpg`,
        size: item.size,
        editedAt: null,
      }),
    ]);
  });

  it('changes nothing when the row is no longer as read: another original, other derivatives, a version gone', async () => {
    // The item as read before the first swap: its original has changed since.
    expect(await swap(item, 'versionBBBBBBBBBBBBBBB', `_originals/${item.id}/edit-2.jpg`)).toBe(false);
    const current = (await media.findById(item.id)) as MediaRecord;
    // Proofs recorded after the read: the derivatives differ.
    await media.replaceProofs(item.id, [{ ...image('proof-480w.webp'), role: 'proof', watermark: 'v1' }]);
    expect(await swap(current, 'versionCCCCCCCCCCCCCCC', `_originals/${item.id}/edit-3.jpg`)).toBe(false);
    // A restore of a version that is not there (swept, or restored already).
    const fresh = (await media.findById(item.id)) as MediaRecord;
    expect(await swap(fresh, 'versionDDDDDDDDDDDDDDD', 'x', 'versionMISSINGMISSINGMI')).toBe(false);

    expect((await media.findById(item.id))?.originalKey).toBe(`_originals/${item.id}/edit-1.jpg`);
    expect((await versions.listOf(item.id)).map((version) => version.id)).toEqual(['versionAAAAAAAAAAAAAAA']);
    // As read now, it goes through.
    expect(await swap(fresh, 'versionEEEEEEEEEEEEEEE', `_originals/${item.id}/edit-4.jpg`)).toBe(true);
  });

  it('restores a version: its row goes, and the original it replaces becomes one', async () => {
    const current = (await media.findById(item.id)) as MediaRecord;
    const restoring = (await versions.find(item.id, 'versionAAAAAAAAAAAAAAA'))?.storageKey ?? '';
    expect(await swap(current, 'versionFFFFFFFFFFFFFFF', restoring, 'versionAAAAAAAAAAAAAAA')).toBe(true);
    expect((await media.findById(item.id))?.originalKey).toBe(restoring);
    expect(await versions.find(item.id, 'versionAAAAAAAAAAAAAAA')).toBeUndefined();
    // Where the restored version was is the item's original now; where the replaced one went is a version's.
    const kept = `_originals/${item.id}/versionFFFFFFFFFFFFFFF.jpg`;
    expect(await versions.keysInUse([restoring, kept, current.originalKey])).toEqual(new Set([restoring, kept]));
  });
});
