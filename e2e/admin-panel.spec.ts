import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, BrowserContext, CDPSession, Cookie, Locator, Page, Request } from '@playwright/test';
import { type ParsedMail, simpleParser } from 'mailparser';
import { MAIN_GALLERY_FOLDER } from '../shared/folders';
import type { AdminMedia, AdminMediaList, HomePicks } from '../shared/schemas/admin';
import type { GalleryPage } from '../shared/schemas/gallery';
import type { HomeResponse } from '../shared/schemas/media';
import { expect, test } from './fixtures';
import { makeImages, makeLargeImage, makeVideo, signIn, type UploadFile, uploadTask } from './support/admin-helpers';
import { signUpVerifiedClient } from './support/clients';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/global-setup';

/**
 * The admin panel beyond admin.spec.ts: drag and drop, resuming after a reload, the main gallery's order and home-page
 * picks, and the "photos ready" e-mail. One client serves every test (sign-ups are rate-limited per IP), so the tests
 * run in order; the main-gallery test goes last, when the demo set the server installs at start is ready.
 */
test.describe.configure({ mode: 'serial' });

/** The demo set's size (server/services/site/demo-content.ts: 14 photos and a video). */
const DEMO_ITEMS = 15;
const client = {
  email: `admin-panel-${Date.now()}@example.com`,
  name: 'Camille Rider',
  password: 'trotting along the shore',
  /** The folder the client's account owns, as the server named it (set in beforeAll). */
  folder: '',
};

let adminCookies: Cookie[] = [];
let clientContext: BrowserContext | null = null;
/** What the main-gallery test changes, undone in afterAll so later suites see the demo home page. */
const cleanup: { picks: HomePicks | null; mediaIds: string[] } = { picks: null, mediaIds: [] };

test.beforeAll(async ({ browser, baseURL, dataDir }) => {
  const base = baseURL as string;
  // One sign-in for the whole file: sign-ins are rate-limited per IP too.
  const admin = await browser.newContext({ baseURL: base });
  await signIn(admin.request, base, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  adminCookies = (await admin.storageState()).cookies;
  await admin.close();

  clientContext = await browser.newContext({ baseURL: base });
  const signedUp = await signUpVerifiedClient(clientContext.request, dataDir, {
    baseURL: base,
    email: client.email,
    password: client.password,
    fullName: client.name,
  });
  client.folder = signedUp.folder;
  // The client accepts the booking terms in French, so French is the language the site knows them by.
  const current = await clientContext.request.get('/api/agreements/current?lng=fr');
  const { terms } = (await current.json()) as { terms: { version: string } };
  const accepted = await clientContext.request.post('/api/agreements', {
    data: { language: 'fr', termsVersion: terms.version },
    headers: { origin: base },
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
});

test.beforeEach(async ({ context, page }) => {
  await context.addCookies(adminCookies);
  await page.addInitScript(() => window.localStorage.setItem('lng', 'en'));
});

test.afterAll(async ({ browser, baseURL }) => {
  const base = baseURL as string;
  const admin = await browser.newContext({ baseURL: base, storageState: { cookies: adminCookies, origins: [] } });
  if (cleanup.picks) {
    const res = await admin.request.put('/api/admin/home-picks', { data: cleanup.picks, headers: { origin: base } });
    expect(res.status(), await res.text()).toBe(200);
  }
  for (const id of cleanup.mediaIds) {
    const res = await admin.request.delete(`/api/admin/media/${id}`, { headers: { origin: base } });
    expect(res.status(), await res.text()).toBe(200);
  }
  await admin.close();
  await clientContext?.close();
});

/** From the folder list (the Uploads place), opens the client's folder. */
async function openClientFolder(page: Page) {
  await page.getByRole('searchbox').fill(client.email);
  const row = page.locator(`[data-testid="admin-folder"][data-folder="${client.folder}"]`);
  await row.getByRole('link', { name: /^Open/ }).click();
  await expect(page.getByRole('heading', { name: client.name })).toBeVisible();
}

async function expectUploaded(page: Page, files: Array<{ name: string }>) {
  for (const file of files) {
    await expect(uploadTask(page, file.name).getByTestId('upload-state')).toHaveText('Uploaded', { timeout: 30_000 });
    await expect(uploadTask(page, file.name).getByTestId('upload-percent')).toHaveText('100%');
  }
}

async function folderMedia(request: APIRequestContext, folder: string): Promise<AdminMedia[]> {
  const res = await request.get(`/api/admin/folders/${encodeURIComponent(folder)}/media`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as AdminMediaList).items;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function throttleUpload(cdp: CDPSession, bytesPerSecond: number) {
  return cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

async function percentOf(row: Locator): Promise<number> {
  return Number.parseInt((await row.getByTestId('upload-percent').textContent()) ?? '0', 10);
}

/** The e-mails in DATA_DIR/outbox to `address` written since `since` (ms). */
async function mailsTo(dataDir: string, address: string, since: number): Promise<ParsedMail[]> {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  const found: ParsedMail[] = [];
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.eml'))) {
    const file = path.join(dir, name);
    if (fs.statSync(file).mtimeMs < since) continue;
    const mail = await simpleParser(fs.readFileSync(file));
    const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
    if (to === address) found.push(mail);
  }
  return found;
}

/** Every item of the public main gallery, page after page, in display order. */
async function publicGalleryNames(request: APIRequestContext): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; ; page++) {
    const res = await request.get(`/api/gallery?page=${page}`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as GalleryPage;
    names.push(...body.items.map((item) => item.name));
    if (page >= body.pageCount) return names;
  }
}

async function homeMedia(request: APIRequestContext): Promise<HomeResponse> {
  const res = await request.get('/api/home');
  expect(res.status()).toBe(200);
  return (await res.json()) as HomeResponse;
}

function swapped(names: string[], a: number, b: number): string[] {
  const copy = [...names];
  [copy[a], copy[b]] = [copy[b] as string, copy[a] as string];
  return copy;
}

test('files dropped on the drop zone join the upload list, upload, and land in the folder', async ({ page }) => {
  await page.goto('/admin/folders');
  await openClientFolder(page);
  const files = await makeImages(2, 'dropped');
  // A real DataTransfer holding real File objects, as the browser builds it when files are dragged from the desktop.
  const dataTransfer = await page.evaluateHandle(
    (payload) => {
      const transfer = new DataTransfer();
      for (const file of payload) {
        const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
        transfer.items.add(new File([bytes], file.name, { type: file.mimeType }));
      }
      return transfer;
    },
    files.map((file) => ({ name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64') })),
  );
  const dropZone = page.getByRole('group', { name: 'Upload', exact: true });
  await dropZone.dispatchEvent('dragenter', { dataTransfer });
  await dropZone.dispatchEvent('dragover', { dataTransfer });
  await expect(dropZone).toHaveAttribute('data-dragging', 'true');
  await dropZone.dispatchEvent('drop', { dataTransfer });
  await expect(dropZone).toHaveAttribute('data-dragging', 'false');

  await expect(page.getByTestId('upload-task')).toHaveCount(files.length);
  await expectUploaded(page, files);
  for (const file of files) {
    await expect(page.locator(`[data-testid="admin-media"][data-name="${file.name}"]`)).toBeVisible();
  }
});

test('an upload cut off by a reload resumes where it stopped once the file is chosen again, and arrives whole', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const large = await makeLargeImage('resume-me.jpg', 7);
  // Chosen from disk both times, so the browser sees the same file (name, size, date) and can match it.
  const filePath = testInfo.outputPath(large.name);
  fs.writeFileSync(filePath, large.buffer);

  await page.goto('/admin/folders');
  await openClientFolder(page);
  const cdp = await page.context().newCDPSession(page);
  await throttleUpload(cdp, 64 * 1024);
  await page.getByTestId('upload-input').setInputFiles(filePath);
  const row = uploadTask(page, large.name);
  await expect.poll(() => percentOf(row)).toBeGreaterThanOrEqual(20);
  expect(await percentOf(row)).toBeLessThan(100);

  // The folder has its own address, so the reload opens it again.
  await page.reload();
  await throttleUpload(cdp, -1);
  await expect(page.getByRole('heading', { name: client.name })).toBeVisible();
  const notice = page.getByTestId('unfinished-uploads');
  await expect(notice.locator('p')).toHaveText(
    `Unfinished uploads from an earlier visit: ${large.name}. Choose the same files again to continue where they stopped.`,
  );

  const tusRequests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/uploads')) tusRequests.push(request);
  });
  await page.getByTestId('upload-input').setInputFiles(filePath);
  await expect(notice).toHaveCount(0);
  await expectUploaded(page, [large]);

  // The same upload went on: none was created, and the first PATCH started past the bytes already stored.
  expect(tusRequests.filter((request) => request.method() === 'POST').map((request) => request.url())).toEqual([]);
  const firstPatch = tusRequests.find((request) => request.method() === 'PATCH');
  if (!firstPatch) throw new Error('the resumed upload sent no PATCH');
  const offset = Number(await firstPatch.headerValue('upload-offset'));
  expect(offset).toBeGreaterThan(0);
  expect(offset).toBeLessThan(large.buffer.length);

  let stored: AdminMedia | undefined;
  await expect
    .poll(
      async () => {
        stored = (await folderMedia(page.request, client.folder)).find((item) => item.name === large.name);
        return stored?.status;
      },
      { timeout: 60_000 },
    )
    .toBe('ready');
  expect(stored?.size).toBe(large.buffer.length);
  const original = await page.request.get(`/media/${stored?.id}/original`);
  expect(original.status()).toBe(200);
  expect(sha256(await original.body())).toBe(sha256(large.buffer));
  // A finished upload is forgotten: nothing is offered again.
  await page.reload();
  await expect(page.locator(`[data-testid="admin-media"][data-name="${large.name}"]`)).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('after a batch has uploaded, "photos ready" e-mails the client in their language with a link to /me', async ({
  page,
  baseURL,
  dataDir,
}) => {
  await page.goto('/admin/folders');
  await openClientFolder(page);
  // Earlier journeys of this file uploaded to the same client: those are announced first, so that this batch is
  // counted on its own (each item is announced once).
  const announce = page.getByRole('button', { name: 'Email the client: photos ready' });
  // Asked of the server, not read off the button: the button is disabled until the panel's own question is answered.
  const before = await page.request.get(`/api/admin/folders/${encodeURIComponent(client.folder)}/photos-ready`);
  expect(before.status()).toBe(200);
  if (((await before.json()) as { newCount: number }).newCount > 0) {
    await expect(announce).toBeEnabled();
    await announce.click();
    await expect(page.getByRole('status').filter({ hasText: 'E-mail sent to' })).toBeVisible();
  }
  const batch: UploadFile[] = await makeImages(2, 'ready');
  await page.getByTestId('upload-input').setInputFiles(batch);
  await expectUploaded(page, batch);

  // Only mails written from now on: the announcement of the earlier uploads above came before this moment.
  const since = Date.now();
  // No language chosen: the server uses the one in which the client accepted the terms (French, see beforeAll).
  await announce.click();
  await expect(page.getByRole('status').filter({ hasText: 'E-mail sent to' })).toHaveText(
    `E-mail sent to ${client.email} · 2 items`,
  );

  let mails: ParsedMail[] = [];
  await expect
    .poll(async () => {
      mails = await mailsTo(dataDir, client.email, since);
      return mails.length;
    })
    .toBe(1);
  const [mail] = mails;
  const link = `${baseURL}/me`;
  expect(mail?.subject).toBe('Vos photos de Horses & Dance Photography sont prêtes');
  expect(mail?.text?.split(/\r?\n/)).toEqual(
    expect.arrayContaining([
      `Bonjour ${client.name},`,
      'De nouvelles photos et vidéos vous attendent dans votre galerie personnelle.',
      '2 nouveautés dans votre galerie',
      link,
    ]),
  );
  expect(mail?.html).toContain('<html lang="fr" dir="ltr">');
  expect(mail?.html).toContain(`<a href="${link}"`);
  expect(mail?.html).toContain('Ouvrir ma galerie</a>');
});

test('the main gallery: upload, reorder, choose the home page hero and featured photos; the public side follows', async ({
  page,
  request,
  browser,
}) => {
  // The first run of this file shares the pipeline with the demo set the server installs at start.
  test.setTimeout(120_000);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Main gallery' }).click();
  const uploads = [...(await makeImages(3, 'portfolio')), await makeVideo('finale.mp4')];
  await page.getByTestId('upload-input').setInputFiles(uploads);
  await expectUploaded(page, uploads);

  // Every item ready (the demo set's and ours), so the order is settled and every item can be picked.
  let items: AdminMedia[] = [];
  await expect
    .poll(
      async () => {
        items = await folderMedia(page.request, MAIN_GALLERY_FOLDER);
        cleanup.mediaIds = items
          .filter((item) => uploads.some((file) => file.name === item.name))
          .map((item) => item.id);
        const ready = items.filter((item) => item.status === 'ready').length;
        return ready >= DEMO_ITEMS + uploads.length && ready === items.length;
      },
      { message: 'the demo set and the new uploads are all ready', timeout: 100_000 },
    )
    .toBe(true);
  expect(cleanup.mediaIds).toHaveLength(uploads.length);

  // The list loaded before the last items arrived; a fresh one shows them all.
  await page.reload();
  await page.getByRole('tab', { name: 'Main gallery' }).click();
  const tiles = page.getByTestId('admin-media');
  await expect(tiles).toHaveCount(items.length);
  const tile = (name: string) => page.locator(`[data-testid="admin-media"][data-name="${name}"]`);
  const order = () => tiles.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-name')));
  const start = (await order()) as string[];

  // The first item one place down, then the last one place up; each move is saved before the next.
  const afterFirstMove = swapped(start, 0, 1);
  await tile(start[0] as string)
    .getByRole('button', { name: 'Move down' })
    .click();
  await expect.poll(order).toEqual(afterFirstMove);
  const last = afterFirstMove.length - 1;
  const finalOrder = swapped(afterFirstMove, last - 1, last);
  await tile(afterFirstMove[last] as string)
    .getByRole('button', { name: 'Move up' })
    .click();
  await expect.poll(order).toEqual(finalOrder);
  expect(await publicGalleryNames(request)).toEqual(finalOrder);

  // Picks the defaults would never give: the home page shows the first video and the first three photos.
  const byName = new Map(items.map((item) => [item.name, item]));
  const kindOf = (name: string) => byName.get(name)?.kind;
  const videos = finalOrder.filter((name) => kindOf(name) === 'video');
  const photos = finalOrder.filter((name) => kindOf(name) === 'image');
  const heroName = videos.at(-1) as string;
  const featuredNames = [photos.at(-1), 'portfolio-2.png', photos.at(-2)] as string[];
  const idOf = (name: string) => byName.get(name)?.id as string;
  const before = await homeMedia(request);
  expect(before.hero?.id).not.toBe(idOf(heroName));
  expect(before.featured.map((item) => item.id)).not.toEqual(featuredNames.map(idOf));
  cleanup.picks = (await (await page.request.get('/api/admin/home-picks')).json()) as HomePicks;

  await page.locator('summary', { hasText: 'Home page' }).click();
  // The hero is chosen from the videos' thumbnails, each a radio named by its file.
  await page.getByRole('group', { name: 'Hero video' }).getByRole('radio', { name: heroName, exact: true }).check();
  for (const name of featuredNames) await page.getByRole('checkbox', { name, exact: true }).check();
  await page.getByRole('button', { name: 'Save home page choices' }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();

  const after = await homeMedia(request);
  expect(after.hero?.id).toBe(idOf(heroName));
  expect(after.featured.map((item) => item.id)).toEqual(featuredNames.map(idOf));
  await page.goto('/');
  for (const [index, name] of featuredNames.entries()) {
    await expect(page.getByRole('img', { name: `Featured photo ${index + 1}` })).toHaveAttribute(
      'src',
      new RegExp(`^/media/${idOf(name)}/`),
    );
  }
  // The hero shows the chosen video's picture; its clip plays over it only when the server offers one (a clip that
  // costs a phone no more than the picture).
  await expect(page.locator('.hero__poster img')).toHaveAttribute('src', new RegExp(`^/media/${idOf(heroName)}/`));
  const clips = page.getByLabel('Clips from recent competitions').locator('source');
  if (after.heroVideo) await expect(clips).toHaveAttribute('src', new RegExp(`^/media/${idOf(heroName)}/`));
  else await expect(clips).toHaveCount(0);

  // A first-time visitor fetches the hero's picture once: a clip plays over it with that picture as its poster.
  const visitor = await browser.newPage();
  const heroPictures: string[] = [];
  visitor.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (pathname.startsWith(`/media/${idOf(heroName)}/`) && sent.resourceType() === 'image')
      heroPictures.push(pathname);
  });
  await visitor.goto(new URL('/', page.url()).href);
  await expect(visitor.locator('.hero__poster img')).toBeVisible();
  await expect(visitor.getByLabel('Clips from recent competitions').locator('source')).toHaveCount(
    after.heroVideo ? 1 : 0,
  );
  expect(heroPictures).toHaveLength(1);
  await visitor.close();
});
