import fs from 'node:fs';
import path from 'node:path';
import type { AdminMedia } from '../../shared/schemas/admin';
import { writeTestJpeg } from '../media/test-images';
import { until } from './support/ingest';
import { uploadWhole } from './support/tus';
import type { TestClient } from './test-client';

/**
 * Uploads a real JPEG as the admin (tus, like the panel) into `folder` and waits until the pipeline made it ready;
 * returns the item as the admin sees it. Small (160 × 120) unless a size is given.
 */
export async function uploadReadyPhoto(
  admin: TestClient,
  scratchDir: string,
  folder: string,
  filename = 'ride.jpg',
  size: { width: number; height: number } = { width: 160, height: 120 },
): Promise<AdminMedia> {
  const source = await writeTestJpeg(path.join(scratchDir, `source-${Date.now()}.jpg`), size.width, size.height);
  const { finished } = await uploadWhole(admin, fs.readFileSync(source), { filename, filetype: 'image/jpeg', folder });
  if (finished?.statusCode !== 204) throw new Error(`upload failed: ${finished?.statusCode} ${finished?.body}`);
  const id = String(finished.headers['x-media-id']);
  const url = `/api/admin/folders/${encodeURIComponent(folder)}/media`;
  let ready: AdminMedia | undefined;
  await until(async () => {
    const items: AdminMedia[] = (await admin.get(url)).json().items;
    ready = items.find((item) => item.id === id && item.status === 'ready');
    return Boolean(ready);
  }, `${filename} to be ready`);
  if (!ready) throw new Error('unreachable');
  return ready;
}
