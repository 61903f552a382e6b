import { test as base } from '@playwright/test';
import { type RunningServer, startServer } from './server';

/**
 * The test object for a suite that runs on a server of its own (empty: no demo content). Use it where sign-ups,
 * resets or e-mailed links would run into the shared server's per-address limits. `baseURL` and `dataDir` point at
 * that server, as they do at the shared one in fixtures.ts. A suite that needs more configuration sets it with
 * `test.use({ serverEnv: { BOOKING_FORM_URL: '…' } })` at the top of its file.
 */
export const test = base.extend<
  { dataDir: string },
  { server: RunningServer; serverEnv: Record<string, string>; serverOwnedBy: string }
>({
  serverEnv: [{}, { scope: 'worker', option: true }],
  /**
   * The suites on this test object share one server per worker, one file after another. A file that must not meet
   * what the others left behind (photos in the main gallery, the per-address sign-in count) names itself here:
   * `test.use({ serverOwnedBy: '<file>' })` gives it a worker, and so a server, of its own.
   */
  serverOwnedBy: ['', { scope: 'worker', option: true }],
  server: [
    async ({ serverEnv }, use) => {
      const server = await startServer({ demoContent: false, env: serverEnv });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  dataDir: async ({ server }, use) => use(server.dataDir),
});

export { expect } from '@playwright/test';
