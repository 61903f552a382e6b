import { test as base } from '@playwright/test';
import { type RunningServer, startServer } from './server';

/**
 * The test object for a suite that runs on a server of its own (empty: no demo content). Use it where sign-ups,
 * resets or e-mailed links would run into the shared server's per-address limits. `baseURL` and `dataDir` point at
 * that server, as they do at the shared one in fixtures.ts.
 */
export const test = base.extend<{ dataDir: string }, { server: RunningServer }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const server = await startServer({ demoContent: false });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  dataDir: async ({ server }, use) => use(server.dataDir),
});

export { expect } from '@playwright/test';
