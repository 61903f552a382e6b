import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { encodeLavfiClip } from '../../server/media/demo-art';
import type { GalleryPage } from '../../shared/schemas/gallery';
import type { MediaView } from '../../shared/schemas/media';
import { expect } from '../fixtures';
import { signUpVerifiedClient } from './clients';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './server';

/** A file as Playwright's setInputFiles takes it (and as the drag-and-drop test rebuilds it in the page). */
export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export async function signIn(request: APIRequestContext, baseURL: string, email: string, password: string) {
  const res = await request.post('/api/auth/sign-in', { data: { email, password }, headers: { origin: baseURL } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The phone every admin journey uses: narrower than the panel's 720 px breakpoint, so it shows the bottom bar. */
export const PHONE = { width: 390, height: 844 } as const;
const DESK = { width: 1366, height: 768 } as const;

/** The admin's journeys run twice: on a phone in Hebrew (right to left) and at the desk in English. */
export const PHONE_HE_AND_DESK_EN = [
  { lng: 'he', viewport: PHONE },
  { lng: 'en', viewport: DESK },
] as const;

/** The full matrix, for journeys that must hold in each language on each screen: he and en, each on both. */
export const HE_AND_EN_ON_PHONE_AND_DESK = (['he', 'en'] as const).flatMap((lng) =>
  [PHONE, DESK].map((viewport) => ({ lng, viewport })),
);

/** A client the admin adds by hand (as the Clients tab does); answers their folder. */
export async function addClient(request: APIRequestContext, baseURL: string, email: string, fullName: string) {
  const res = await request.post('/api/admin/clients', { data: { email, fullName }, headers: { origin: baseURL } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { folder: string }).folder;
}

/** A locale file of the web app (plain JSON, untyped), so assertions follow the wording rather than repeat it. */
export function localeTexts(lng: string, namespace: string) {
  const file = path.resolve(import.meta.dirname, `../../shared/i18n/locales/${lng}/${namespace}.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * Two browsers side by side for a journey between the photographer and a client: the admin signed in, the client not
 * yet, each with a page. `close` ends both.
 */
export async function adminAndClient(browser: Browser, baseURL: string) {
  const adminContext = await browser.newContext({ baseURL });
  await signIn(adminContext.request, baseURL, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  const clientContext = await browser.newContext({ baseURL });
  return {
    adminContext,
    admin: await adminContext.newPage(),
    clientContext,
    clientPage: await clientContext.newPage(),
    close: async () => {
      await adminContext.close();
      await clientContext.close();
    },
  };
}

/** Small photos in varied colours (JPEG and PNG), made here: the browser uploads real image bytes. */
export async function makeImages(count = 8, prefix = 'ride'): Promise<UploadFile[]> {
  const files = [];
  for (let i = 0; i < count; i++) {
    const image = sharp({
      create: { width: 160 + i * 8, height: 120, channels: 3, background: { r: 40 * i, g: 120, b: 200 - 20 * i } },
    });
    const png = i % 2 === 1;
    files.push({
      name: `${prefix}-${i + 1}.${png ? 'png' : 'jpg'}`,
      mimeType: png ? 'image/png' : 'image/jpeg',
      buffer: await (png ? image.png() : image.jpeg()).toBuffer(),
    });
  }
  return files;
}

/** A noisy JPEG of several hundred kilobytes: big enough to catch it mid-upload on a throttled link. */
export async function makeLargeImage(name: string, seed: number): Promise<UploadFile> {
  const width = 640;
  const height = 640;
  const raw = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let i = 0; i < raw.length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = state >> 16;
  }
  const buffer = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** A one-second H.264 clip made with ffmpeg. */
export async function makeVideo(name = 'warm-up.mp4'): Promise<UploadFile> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-video-'));
  try {
    const file = path.join(dir, 'clip.mp4');
    await encodeLavfiClip('ffmpeg', 'testsrc2=size=320x240:rate=25:d=1', file);
    return { name, mimeType: 'video/mp4', buffer: fs.readFileSync(file) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** One file's row in the admin's upload list. */
export const uploadTask = (page: Page, name: string) =>
  page.locator(`[data-testid="upload-task"][data-name="${name}"]`);

/** Uploads `bytes` as the admin into `folder` through the tus endpoint, as the admin panel does. */
export async function adminUpload(
  admin: APIRequestContext,
  baseURL: string,
  folder: string,
  name: string,
  bytes: Buffer,
  filetype = 'image/jpeg',
) {
  const tus = { origin: baseURL, 'tus-resumable': '1.0.0' };
  const meta = { filename: name, filetype, folder };
  const created = await admin.post('/api/uploads', {
    headers: {
      ...tus,
      'upload-length': String(bytes.length),
      'upload-metadata': Object.entries(meta)
        .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
        .join(','),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const location = created.headers().location ?? '';
  const patched = await admin.patch(location, {
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    data: bytes,
  });
  expect(patched.status(), await patched.text()).toBe(204);
}

/**
 * A verified client signed in in `page` (whose context's cookies they get) with one photo the admin uploaded into
 * their folder, processed and listed in their gallery. Returns the photo's bytes and its gallery item.
 */
export async function clientWithPhoto(
  page: Page,
  newContext: () => Promise<APIRequestContext>,
  options: { baseURL: string; dataDir: string; prefix: string; adminEmail: string; adminPassword: string },
): Promise<{ photo: UploadFile; item: MediaView }> {
  const { folder } = await signUpVerifiedClient(page.request, options.dataDir, {
    baseURL: options.baseURL,
    prefix: options.prefix,
  });
  const admin = await newContext();
  await signIn(admin, options.baseURL, options.adminEmail, options.adminPassword);
  const [photo] = await makeImages(1, options.prefix);
  if (!photo) throw new Error('no photo made');
  await adminUpload(admin, options.baseURL, folder, photo.name, photo.buffer, photo.mimeType);
  await admin.dispose();
  const gallery = async () => (await (await page.request.get('/api/me/gallery')).json()) as GalleryPage;
  await expect.poll(async () => (await gallery()).total, { timeout: 120_000 }).toBe(1);
  const item = (await gallery()).items[0];
  if (!item) throw new Error('the gallery has no item');
  return { photo, item };
}

/**
 * A public event made by the admin, for suites on the shared server; a second run against a kept server finds it
 * there already.
 */
export async function ensurePublicEvent(
  request: APIRequestContext,
  baseURL: string,
  event: { name: string; slug: string; date: string; venue: string },
): Promise<void> {
  await signIn(request, baseURL, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  const created = await request.post('/api/admin/events', {
    data: { ...event, visibility: 'public' },
    headers: { origin: baseURL },
  });
  expect([201, 200, 409]).toContain(created.status());
}
