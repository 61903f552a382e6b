import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Download, Page, Request, Route } from '@playwright/test';
import type { SessionUser } from '../shared/schemas/session';
import { fakeGallery, fakeId, fakeJpeg, routeDeliveredClient, routeFakeGallery } from './support/fake-gallery';
import { test as base, expect } from './support/own-server';

/**
 * The download routes of spec §7, from the private gallery's viewer: an image by blob (the page learns whether it
 * worked), a video by a hidden iframe (never held in memory), a plain anchor when fetching is impossible, and the S3
 * path, where the server answers 302 to a presigned bucket URL (server/routes/media/download.test.ts checks that
 * redirect against s3rver; here the browser follows it). The site runs with S3 storage configured, so the page's
 * CSP is the one an S3 site sends, and the "bucket" is a small HTTP server of this file, so what reaches it is real
 * network traffic. The signed-in client, their gallery and the site's download answers are the browser router's. The
 * anchor fallback is in downloads-anchor.spec.ts, and the S3 path with a real bucket (where the page's fetch is
 * refused for want of CORS and the anchor follows the 302) in downloads-s3.spec.ts: a download started by an anchor
 * cannot be answered by the router, which cancels it.
 */
interface Bucket {
  url: string;
  /** Every object GET the bucket answered: its path and the Origin it came with (a fetch sends one). */
  gets: Array<{ path: string; origin: string | undefined }>;
}

const test = base.extend<object, { bucket: Bucket }>({
  bucket: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const gets: Bucket['gets'] = [];
      const server = http.createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://bucket');
        gets.push({ path: url.pathname, origin: req.headers.origin });
        const name = decodeURIComponent(url.pathname.split('/').at(-1) ?? 'file');
        const cors = url.searchParams.get('cors') === '1' && req.headers.origin;
        void bodyOf(name).then((body) =>
          res
            .writeHead(200, {
              ...attachment(name),
              'content-length': body.length,
              ...(cors ? { 'access-control-allow-origin': cors } : {}),
            })
            .end(body),
        );
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      await use({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, gets });
      await new Promise((resolve) => server.close(resolve));
    },
    { scope: 'worker' },
  ],
  serverEnv: [
    async ({ bucket }, use) =>
      use({
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'gallery-media',
        S3_ENDPOINT: bucket.url,
        S3_ACCESS_KEY_ID: 'e2e',
        S3_SECRET_ACCESS_KEY: 'e2e-secret',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    { scope: 'worker' },
  ],
});
test.use({ serviceWorkers: 'block' });

const CLIENT: SessionUser = {
  id: 'e2e-download-client',
  email: 'rider@example.com',
  name: 'Noa Rider',
  isAdmin: false,
  emailVerified: true,
  folder: 'rider@example_com',
};
const ITEMS = fakeGallery(6, [1]);
const IMAGE = { id: ITEMS[0]?.id ?? '', name: ITEMS[0]?.name ?? '' };
const VIDEO = { id: ITEMS[1]?.id ?? '', name: ITEMS[1]?.name ?? '' };
const VIDEO_BYTES = Buffer.from('not really a video, but bytes to save');

/** What the bucket (and the site) answer for a file name. */
async function bodyOf(name: string): Promise<Buffer> {
  return name.endsWith('.mp4') ? VIDEO_BYTES : fakeJpeg();
}

const downloadPath = (id: string) => `/api/media/${id}/download`;
function attachment(name: string) {
  return {
    'content-type': 'application/octet-stream',
    'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
  };
}

/** The presigned URL the S3 site would redirect to (`cors`: whether the bucket allows the site's origin). */
const presigned = (bucket: Bucket, name: string, cors: boolean) =>
  `${bucket.url}/gallery-media/${encodeURIComponent(CLIENT.folder ?? '')}/${name}?X-Amz-Expires=300&X-Amz-Signature=e2e${cors ? '&cors=1' : ''}`;

/**
 * Signs the fake client in with their gallery; `answer` answers the site's download URL of each item. Returns the
 * requests the page made for downloads and to the bucket.
 */
async function openPrivateGallery(
  page: Page,
  bucket: Bucket,
  answer: (route: Route, item: { id: string; name: string }) => Promise<void>,
): Promise<Request[]> {
  await routeDeliveredClient(page, CLIENT);
  await routeFakeGallery(page, ITEMS, { path: '/api/me/gallery' });
  for (const item of [IMAGE, VIDEO]) await page.route(`**${downloadPath(item.id)}`, (route) => answer(route, item));
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/download') || request.url().startsWith(bucket.url)) seen.push(request);
  });
  await page.goto('/me?lng=en');
  await expect(page.locator(`[data-media-id="${fakeId(1, 0)}"]`)).toBeVisible();
  return seen;
}

/** The site's own answer: the file as an attachment. */
const fromSite = async (route: Route, item: { name: string }) =>
  route.fulfill({ body: await bodyOf(item.name), headers: attachment(item.name) });

/** Opens the viewer on `id` and presses its Download button; returns the browser's download. */
async function downloadFromViewer(page: Page, id: string): Promise<Download> {
  await page.locator(`[data-media-id="${id}"]`).click();
  const dialog = page.getByRole('dialog', { name: 'Photo and video viewer' });
  await expect(dialog).toBeVisible();
  const started = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  return started;
}

async function savedBytes(download: Download, file: string): Promise<Buffer> {
  await download.saveAs(file);
  return fs.readFileSync(file);
}

test('an image is fetched and saved from a blob, under its own name', async ({ page, bucket }, testInfo) => {
  const seen = await openPrivateGallery(page, bucket, fromSite);
  const download = await downloadFromViewer(page, IMAGE.id);
  expect(download.url()).toMatch(/^blob:/);
  expect(download.suggestedFilename()).toBe(IMAGE.name);
  expect((await savedBytes(download, testInfo.outputPath('image.jpg'))).equals(await fakeJpeg())).toBe(true);
  expect(seen.map((request) => request.resourceType())).toEqual(['fetch']);
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveCount(0);
});

test('a video is saved through a hidden iframe, not fetched into memory', async ({
  page,
  bucket,
  baseURL,
}, testInfo) => {
  const seen = await openPrivateGallery(page, bucket, fromSite);
  const download = await downloadFromViewer(page, VIDEO.id);
  expect(download.url()).toBe(`${baseURL}${downloadPath(VIDEO.id)}`);
  expect(download.suggestedFilename()).toBe(VIDEO.name);
  expect((await savedBytes(download, testInfo.outputPath('video.mp4'))).equals(VIDEO_BYTES)).toBe(true);
  const frame = page.locator('iframe[hidden]');
  await expect(frame).toHaveAttribute('src', downloadPath(VIDEO.id));
  await expect(frame).toBeHidden();
  expect(seen.map((request) => request.resourceType())).toEqual(['document']);
  expect(seen[0]?.frame().parentFrame()).toBe(page.mainFrame());
});

test.describe('with S3 storage the download answers 302 to a presigned bucket URL, and the browser follows it', () => {
  const objectPath = (name: string) => `/gallery-media/${encodeURIComponent(CLIENT.folder ?? '')}/${name}`;

  test('an image from a bucket with CORS for the site: the fetch follows the redirect and saves a blob', async ({
    page,
    bucket,
  }, testInfo) => {
    const before = bucket.gets.length;
    const seen = await openPrivateGallery(page, bucket, (route, item) =>
      route.fulfill({ status: 302, headers: { location: presigned(bucket, item.name, true) } }),
    );
    const download = await downloadFromViewer(page, IMAGE.id);
    expect(download.url()).toMatch(/^blob:/);
    expect(download.suggestedFilename()).toBe(IMAGE.name);
    expect((await savedBytes(download, testInfo.outputPath('s3-blob.jpg'))).equals(await fakeJpeg())).toBe(true);
    expect(seen.map((request) => [request.resourceType(), request.url()])).toEqual([
      ['fetch', new URL(downloadPath(IMAGE.id), page.url()).href],
      ['fetch', presigned(bucket, IMAGE.name, true)],
    ]);
    expect(bucket.gets.slice(before)).toEqual([{ path: objectPath(IMAGE.name), origin: new URL(page.url()).origin }]);
  });

  test('a video: the hidden iframe follows the redirect to the bucket (its origin may be framed)', async ({
    page,
    bucket,
  }, testInfo) => {
    const before = bucket.gets.length;
    const seen = await openPrivateGallery(page, bucket, (route, item) =>
      route.fulfill({ status: 302, headers: { location: presigned(bucket, item.name, false) } }),
    );
    const download = await downloadFromViewer(page, VIDEO.id);
    expect(download.suggestedFilename()).toBe(VIDEO.name);
    expect((await savedBytes(download, testInfo.outputPath('s3-video.mp4'))).equals(VIDEO_BYTES)).toBe(true);
    const s3Request = seen.find((request) => request.url().startsWith(bucket.url));
    expect(s3Request?.url()).toBe(presigned(bucket, VIDEO.name, false));
    expect(s3Request?.frame().parentFrame()).toBe(page.mainFrame());
    expect(bucket.gets.slice(before)).toEqual([{ path: objectPath(VIDEO.name), origin: undefined }]);
  });
});
