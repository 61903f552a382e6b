import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { waitForDemoGallery } from './support/demo-gallery';
import { type RunningServer, startServer } from './support/server';

/**
 * A new site whose demo photos are still being made: the gallery says so, and shows the photos once they exist.
 * The server of this suite is a fresh one with demo content on, started with its demo set behind a gate
 * (DEMO_CONTENT_GATE, a switch the server refuses in production): until the gate's file appears, the site is exactly
 * what a visitor finds while the photos are being rendered, an empty gallery and `demoPreparing`. Then the real
 * preparation runs, and the same visitor finds the photos.
 */

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 768 },
] as const;

const TEXTS = {
  en: { preparing: 'The demo photos are being prepared', gallery: 'Gallery' },
  he: { preparing: 'מכינים את תמונות ההדגמה', gallery: 'גלריה' },
} as const;

const COMBINATIONS = VIEWPORTS.flatMap((viewport) =>
  (['he', 'en'] as const).map((language) => ({ viewport, language, text: TEXTS[language] })),
);

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

test.describe
  .serial('the gallery of a new site while its demo photos are being made', () => {
    let server: RunningServer;
    let gate: string;

    test.beforeAll(async () => {
      test.setTimeout(120_000);
      gate = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'demo-gate-')), 'open');
      server = await startServer({ demoContent: true, env: { DEMO_CONTENT_GATE: gate } });
    });

    test.afterAll(async () => {
      await server?.stop();
      if (gate) fs.rmSync(path.dirname(gate), { recursive: true, force: true });
    });

    for (const { viewport, language, text } of COMBINATIONS) {
      test(`says the photos are being prepared, on a ${viewport.name} in ${language}`, async ({ page }, testInfo) => {
        await page.setViewportSize(viewport);
        const site = await page.request.get(`${server.url}/api/site`);
        expect((await site.json()).demoPreparing).toBe(true);
        await page.goto(`${server.url}/gallery?lng=${language}`);
        await expect(page.getByText(text.preparing)).toBeVisible();
        await expect(page.getByRole('list', { name: text.gallery })).toHaveCount(0);
        await expectNoAxeViolations(page);
        await keepScreenshot(page, testInfo, `demo-preparing-${language}-${viewport.name}`);
      });
    }

    test('a visitor who waits on the page sees the photos appear, without reloading', async ({ page }) => {
      test.setTimeout(600_000);
      await page.setViewportSize(VIEWPORTS[1]);
      await page.goto(`${server.url}/gallery?lng=en`);
      await expect(page.getByText(TEXTS.en.preparing)).toBeVisible();
      fs.writeFileSync(gate, '');
      const grid = page.getByRole('list', { name: TEXTS.en.gallery });
      // As long as the real preparation takes on a busy machine: the page finds out by itself.
      await expect(grid.getByRole('listitem').first()).toBeVisible({ timeout: 540_000 });
      await expect(page.getByText(TEXTS.en.preparing)).toHaveCount(0);
    });

    test.describe('once the photos are made', () => {
      test.beforeAll(async ({ playwright }) => {
        test.setTimeout(600_000);
        fs.writeFileSync(gate, '');
        const request = await playwright.request.newContext({ baseURL: server.url });
        await waitForDemoGallery(request);
        await request.dispose();
      });

      for (const { viewport, language, text } of COMBINATIONS) {
        test(`shows them, and no longer the message, on a ${viewport.name} in ${language}`, async ({
          page,
        }, testInfo) => {
          await page.setViewportSize(viewport);
          await page.goto(`${server.url}/gallery?lng=${language}`);
          const grid = page.getByRole('list', { name: text.gallery });
          await expect(grid.getByRole('listitem').first()).toBeVisible();
          await expect(page.getByText(text.preparing)).toHaveCount(0);
          const site = await page.request.get(`${server.url}/api/site`);
          expect((await site.json()).demoPreparing).toBe(false);
          await expectNoAxeViolations(page);
          await keepScreenshot(page, testInfo, `demo-ready-${language}-${viewport.name}`);
        });
      }
    });
  });
