import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import type { AdminMedia } from '../shared/schemas/admin';
import { addClient, localeTexts, makeLargeImage, PHONE_HE_AND_DESK_EN, signIn } from './support/admin-helpers';
import { expectNoAxeViolations } from './support/axe';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD, type RunningServer, startServer } from './support/server';
import { canMountTmpfs, fillDisk, mountTmpfs } from './support/tmpfs';

/**
 * The server's disk fills up while the photographer uploads: the file's row says so in words (not "upload failed"),
 * at once rather than after ten minutes of silent retries, and once space is freed "Try again" continues the same
 * upload from the bytes the server kept, to a stored original identical to the file. The server runs on a small tmpfs
 * of its own (mounting needs root, as on CI). On a phone in Hebrew and at the desk in English.
 */
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const test = base.extend<object, { server: RunningServer & { filler: string } }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gallery-e2e-full-'));
      const unmount = mountTmpfs(dataDir, 48);
      try {
        const server = await startServer({ demoContent: false, env: { DATA_DIR: dataDir } });
        await use({ ...server, dataDir, filler: path.join(dataDir, 'filler.bin') });
        await server.stop();
      } finally {
        unmount();
        fs.rmdirSync(dataDir);
      }
    },
    // A server start on a busy machine takes longer than a fixture's default minute.
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

test.describe.configure({ mode: 'serial' });
// Skip reason: a real full disk needs a tmpfs mount, which only root may make. On a developer's machine without root
// the suite is skipped; in CI (root) canMountTmpfs() throws rather than skip, so the suite always runs there.
test.skip(!canMountTmpfs(), 'mounting a tmpfs needs root');
test.use({ serviceWorkers: 'block' });
test.setTimeout(120_000);

for (const { lng, viewport } of PHONE_HE_AND_DESK_EN) {
  test.describe(`${lng} at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    const t = localeTexts(lng, 'admin');

    test('a full disk is named in the tray, and "Try again" resumes the same upload once space is freed', async ({
      page,
      baseURL,
      server,
    }) => {
      const base = baseURL as string;
      await signIn(page.request, base, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
      const folder = await addClient(page.request, base, `full-${lng}-${Date.now()}@example.com`, 'Full Disk Rider');
      await page.goto(`/admin/folders/${encodeURIComponent(folder)}?lng=${lng}`);
      const offsets: number[] = [];
      page.on('request', (request) => {
        if (request.method() === 'PATCH') offsets.push(Number(request.headers()['upload-offset']));
      });

      // Room for a third of the photo; the rest is taken by a file the operator can delete.
      const photo = await makeLargeImage(`full-${lng}.jpg`, lng.length * 31);
      fillDisk(server.filler, Math.floor(photo.buffer.length / 3));

      await page.getByTestId('upload-input').setInputFiles(photo);
      const failed = page.getByTestId('upload-tray-failed');
      await expect(failed.getByRole('alert')).toHaveText(t.upload.errors.diskFull);
      await expect(page.getByTestId('upload-tray')).toHaveAttribute('data-state', 'failed');
      await expectNoAxeViolations(page);

      fs.rmSync(server.filler);
      await failed.getByRole('button', { name: t.upload.retry }).click();
      await expect(page.getByTestId('upload-tray')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
      // The second PATCH went on from what the server kept; it did not send the file again from the start.
      expect(offsets[0]).toBe(0);
      expect(offsets.at(-1)).toBeGreaterThan(0);

      const listed = await page.request.get(`/api/admin/folders/${encodeURIComponent(folder)}/media`);
      const [stored] = ((await listed.json()) as { items: AdminMedia[] }).items;
      expect(stored?.name).toBe(photo.name);
      const original = fs.readFileSync(path.join(server.dataDir, 'media', folder, photo.name));
      expect(sha256(original)).toBe(sha256(photo.buffer));
    });
  });
}
