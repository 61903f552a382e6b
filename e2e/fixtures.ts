import { test as base, expect } from '@playwright/test';

/**
 * The shared test object: `baseURL` points at the server global-setup started, so `page.goto('/gallery')` works.
 * `dataDir` is that server's DATA_DIR (the mail outbox lives in it).
 */
export const test = base.extend<{ dataDir: string }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set; global-setup did not run');
    await use(url);
  },
  // biome-ignore lint/correctness/noEmptyPattern: see above
  dataDir: async ({}, use) => {
    const dir = process.env.E2E_DATA_DIR;
    if (!dir) throw new Error('E2E_DATA_DIR is not set; global-setup did not run');
    await use(dir);
  },
});

export { expect };
