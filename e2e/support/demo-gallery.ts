import { type APIRequestContext, expect } from '@playwright/test';
import type { GalleryPage } from '../../shared/schemas/gallery';

/** The demo set the shared server installs into the main gallery at start-up: 14 photos and a video. */
export const DEMO_ITEMS = 15;

/** A page of the public gallery as the API answers it (`query` like `?type=images&page=2`). */
export async function publicGalleryPage(request: APIRequestContext, query = ''): Promise<GalleryPage> {
  const res = await request.get(`/api/gallery${query}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as GalleryPage;
}

/** Waits, by polling the API and never by sleeping, until the demo set is ready; answers page 1. */
export async function waitForDemoGallery(request: APIRequestContext): Promise<GalleryPage> {
  await expect
    .poll(async () => (await publicGalleryPage(request)).total, { timeout: 540_000, intervals: [250, 500, 1000] })
    .toBeGreaterThanOrEqual(DEMO_ITEMS);
  return publicGalleryPage(request);
}
