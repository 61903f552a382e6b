import type { Page } from '@playwright/test';

/** The app's chunk, which the first script imports (`web/main.tsx` in the build). */
export const APP_CHUNK = /\/assets\/main-[\w-]+\.js$/;

/**
 * Holds the app's chunk back until the returned `release` is called: the page stays as the server rendered it, with
 * only its first script running, for as long as a test needs to act on it.
 */
export async function holdApp(page: Page): Promise<{ asked: () => boolean; release: () => void }> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route(APP_CHUNK, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  return { asked: () => asked, release };
}
