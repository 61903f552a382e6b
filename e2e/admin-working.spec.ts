import type { Page, Route } from '@playwright/test';
import { MAIN_GALLERY_FOLDER } from '../shared/folders';
import type { AdminMedia } from '../shared/schemas/admin';
import { makeImages, signIn } from './support/admin-helpers';
import { fakeItem, routeFakeGallery } from './support/fake-gallery';
import { expect, test } from './support/own-server';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/server';

/**
 * The admin panel's working flag and failure messages (spec §4 and §8): while an operation runs every action is
 * disabled, the uploader included; each failed operation says so where the admin sees it — the folder list, a
 * folder's media, a delete, an upload and the metadata update ("fix existing files"). The admin's answers are held
 * or failed by the browser's router; the main gallery's items are made up. Runs on a server of its own.
 */
test.use({ serviceWorkers: 'block' });

const MAIN_MEDIA = `/api/admin/folders/${encodeURIComponent(MAIN_GALLERY_FOLDER)}/media`;

function adminItem(index: number): AdminMedia {
  const view = fakeItem(1, index);
  return {
    id: `${'A'.repeat(21)}${index}`,
    folder: MAIN_GALLERY_FOLDER,
    name: view.name,
    kind: 'image',
    status: 'ready',
    errorCode: null,
    size: 2048,
    contentType: 'image/jpeg',
    timeCreated: '2025-05-01T08:00:00.000Z',
    deletedAt: null,
    purgeAt: null,
    view,
    edited: false,
  };
}
const ITEMS = [adminItem(0), adminItem(1), adminItem(2)];

const failed = (route: Route) =>
  route.fulfill({
    status: 500,
    json: { error: { code: 'internal-error', message: 'Something went wrong on our side. Please try again.' } },
  });

/** Signs the admin in and opens the main gallery's folder view on the made-up items. */
async function openMainGallery(page: Page, baseURL: string): Promise<void> {
  await signIn(page.request, baseURL, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  await routeFakeGallery(page, []);
  await page.route(
    (url) => url.pathname === MAIN_MEDIA,
    (route) => route.fulfill({ json: { items: ITEMS } }),
  );
  await page.goto('/admin?lng=en');
  await page.getByRole('tab', { name: 'Main gallery' }).click();
  await expect(page.getByTestId('admin-media')).toHaveCount(ITEMS.length);
}

/** One photo's Delete is in its "Actions" menu. */
async function deleteFromMenu(page: Page, index: number): Promise<void> {
  await actions(page).menus.nth(index).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Delete…' }).click();
}

/** Deleting asks first, in the app's own dialog. */
async function confirmDelete(page: Page): Promise<void> {
  await page.getByRole('dialog', { name: 'Delete this item?' }).getByRole('button', { name: 'Delete' }).click();
}

/** Every action of the folder view: the buttons, the file chooser and the home page's save. */
const actions = (page: Page) => ({
  menus: page.getByTestId('admin-media').getByRole('button', { name: /^Actions / }),
  moves: page.getByTestId('admin-media').getByRole('button', { name: /^Move (up|down)$/ }),
  fix: page.getByRole('button', { name: 'Repair files: download names and missing previews' }),
  upload: page.getByTestId('upload-input'),
  // Inside the closed "Home page" details: out of the accessibility tree until opened, but there.
  savePicks: page.getByRole('button', { name: 'Save home page choices', includeHidden: true }),
});

test('while an operation runs, every action is disabled, the uploader included; then all come back', async ({
  page,
  baseURL,
}) => {
  await openMainGallery(page, baseURL as string);
  const { menus, moves, fix, upload, savePicks } = actions(page);
  await expect(savePicks).toBeEnabled();
  await expect(upload).toBeEnabled();

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const deleting = ITEMS[1]?.id ?? '';
  await page.route(`**/api/admin/media/${deleting}`, async (route) => {
    await held;
    await route.fulfill({ json: { ...ITEMS[1], deletedAt: new Date().toISOString() } });
  });
  await deleteFromMenu(page, 1);
  await confirmDelete(page);

  for (let i = 0; i < ITEMS.length; i++) await expect(menus.nth(i)).toBeDisabled();
  const moveCount = await moves.count();
  expect(moveCount).toBeGreaterThan(0);
  for (let i = 0; i < moveCount; i++) await expect(moves.nth(i)).toBeDisabled();
  await expect(fix).toBeDisabled();
  await expect(upload).toBeDisabled();
  await expect(page.locator('fieldset.uploader__drop')).toHaveAttribute('disabled', '');
  await expect(savePicks).toBeDisabled();
  await expect(page.locator('.admin-grid')).toHaveAttribute('aria-busy', 'true');

  release();
  await expect(page.locator('.admin-grid')).toHaveAttribute('aria-busy', 'false');
  for (let i = 0; i < ITEMS.length; i++) await expect(menus.nth(i)).toBeEnabled();
  await expect(fix).toBeEnabled();
  await expect(upload).toBeEnabled();
  await expect(savePicks).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a failed folder list says "Failed to load user folders."', async ({ page, baseURL }) => {
  await signIn(page.request, baseURL as string, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  await page.route((url) => url.pathname === '/api/admin/folders', failed);
  await page.goto('/admin/folders?lng=en');
  await expect(page.getByRole('alert')).toHaveText('Failed to load user folders.');
});

test('a folder whose media cannot be loaded says "Failed to load media for this folder."', async ({
  page,
  baseURL,
}) => {
  await signIn(page.request, baseURL as string, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  await page.route((url) => url.pathname === MAIN_MEDIA, failed);
  await page.goto('/admin?lng=en');
  await page.getByRole('tab', { name: 'Main gallery' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to load media for this folder.');
});

test('a failed delete says "Delete failed." and keeps the item', async ({ page, baseURL }) => {
  await openMainGallery(page, baseURL as string);
  await page.route(`**/api/admin/media/${ITEMS[0]?.id}`, failed);
  await deleteFromMenu(page, 0);
  await confirmDelete(page);
  await expect(page.getByRole('alert')).toHaveText('Delete failed.');
  await expect(page.getByTestId('admin-media')).toHaveCount(ITEMS.length);
  await expect(actions(page).menus.first()).toBeEnabled();
});

test('a failed upload says "Upload failed." for the file and "Some files failed to upload." above the list', async ({
  page,
  baseURL,
}) => {
  await openMainGallery(page, baseURL as string);
  await page.route('**/api/uploads', (route) =>
    route.fulfill({
      status: 400,
      json: { error: { code: 'invalid-argument', message: 'The target folder does not exist.' } },
    }),
  );
  const [file] = await makeImages(1, 'refused');
  if (!file) throw new Error('no file made');
  await actions(page).upload.setInputFiles(file);
  const task = page.locator(`[data-testid="upload-task"][data-name="${file.name}"]`);
  await expect(task.getByRole('alert')).toHaveText('Upload failed.');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Some files failed to upload. See list below.' }),
  ).toBeVisible();
});

test('a failed metadata update ("fix existing files") says so', async ({ page, baseURL }) => {
  await openMainGallery(page, baseURL as string);
  await page.route('**/fix-metadata', failed);
  await actions(page).fix.click();
  await page
    .getByRole('dialog', { name: 'Repair every file in this folder?' })
    .getByRole('button', { name: 'Repair files: download names and missing previews' })
    .click();
  await expect(page.getByRole('alert')).toHaveText('The files could not be repaired.');
  await expect(actions(page).fix).toBeEnabled();
});
