import { execFileSync } from 'node:child_process';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { printRatio } from './_report';
import { startBenchServer } from './_server';

/** The JavaScript budget of a first visit, and what the original site shipped for its libraries alone. */
const BUDGET_KB = 120;
const ORIGINAL_KB = 275;

/**
 * `npm run bench -- bundle [path…]`: builds the web app (`npm run build`: the client and the server renderer, into
 * WEB_DIST when set), opens each path (default / and /gallery) in a fresh Chromium profile and adds up the gzip -9
 * size of every script the page downloads.
 */
export async function run(args: string[]): Promise<void> {
  const paths = args.length > 0 ? args : ['/', '/gallery'];
  execFileSync('npm', ['run', 'build', '--silent', '--', '--logLevel', 'error'], { stdio: 'inherit' });
  const server = await startBenchServer();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    for (const path of paths) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts = new Map<string, Promise<Buffer>>();
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.set(response.url(), response.body());
      });
      await page.goto(`${server.url}${path}?lng=he`, { waitUntil: 'networkidle' });
      let raw = 0;
      let gzip = 0;
      const rows: string[] = [];
      for (const [url, bodyPromise] of scripts) {
        const body = await bodyPromise;
        const gz = zlib.gzipSync(body, { level: 9 }).length;
        raw += body.length;
        gzip += gz;
        rows.push(`  ${(gz / 1024).toFixed(1).padStart(6)} KB  ${new URL(url).pathname}`);
      }
      console.log(`\n${path}: ${scripts.size} scripts, ${(raw / 1024).toFixed(1)} KB raw`);
      console.log(rows.sort().reverse().join('\n'));
      const kb = gzip / 1024;
      console.log(`${path}: ${kb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB: ${kb <= BUDGET_KB ? 'within' : 'OVER'})`);
      printRatio(`${path} vs budget`, kb, BUDGET_KB, 'KB');
      printRatio(`${path} vs the original site's libraries`, kb, ORIGINAL_KB, 'KB');
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
}
