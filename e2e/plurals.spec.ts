import type { MediaView } from '../shared/schemas/media';
import type { SessionUser } from '../shared/schemas/session';
import { expect, test } from './fixtures';
import {
  FAKE_MEDIA_PREFIX,
  fakeGallery,
  fakeJpeg,
  routeClientGallery,
  routeDeliveredClient,
} from './support/fake-gallery';

/**
 * A count in the languages with more than two plural forms: the item count of a client's gallery on /me, on a phone,
 * for 1, 2 and 5 items, reads Hebrew's and Arabic's own forms (not "1 פריטים"). The browser's router answers the
 * session and a made-up gallery, so the three sizes cost three page loads and no uploads.
 */
test.use({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });

const EXPECTED = {
  he: { 1: 'פריט אחד', 2: 'שני פריטים', 5: '5 פריטים' },
  ar: { 1: 'عنصر واحد', 2: 'عنصران', 5: '5 عناصر' },
} as const;

const CLIENT: SessionUser = {
  id: 'e2e-plurals',
  email: 'noa.plural@example.com',
  name: 'Noa',
  isAdmin: false,
  emailVerified: true,
  folder: 'noa_plural@example_com',
};

for (const lng of ['he', 'ar'] as const) {
  test(`the gallery's item count reads ${lng}'s forms for 1, 2 and 5 items`, async ({ page }) => {
    // The router reads this array at each request: the test changes its contents between the page loads.
    const items: MediaView[] = [];
    await routeDeliveredClient(page, CLIENT);
    await routeClientGallery(page, items);
    await page.route(`**${FAKE_MEDIA_PREFIX}**`, async (route) =>
      route.fulfill({ body: await fakeJpeg(), contentType: 'image/jpeg' }),
    );

    for (const count of [1, 2, 5] as const) {
      items.splice(0, items.length, ...fakeGallery(count));
      await page.goto(`/me?lng=${lng}`, { waitUntil: 'domcontentloaded' });
      await expect(page.getByTestId('gallery-count')).toHaveText(EXPECTED[lng][count]);
    }
  });
}
