import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../test/email-links';
import { createTestApp, makeTempDir, type TestApp } from '../test/harness';
import { FAST_HASH, TestClient } from '../test/test-client';

/** What the test's renderer tells it: how many pages it made, and the gate that holds them until the test opens it. */
interface RendererProbe {
  renders: string[];
  gate: Promise<void>;
}
const probe = globalThis as unknown as { pageCoalescingProbe: RendererProbe };

/**
 * A hand-made web build (as `npm run build` lays it out) whose renderer counts what it makes and holds each page until
 * the test lets it go: the requests of many visitors then arrive while one page is being made.
 */
function writeBuild(root: string): void {
  fs.mkdirSync(path.join(root, '.vite'), { recursive: true });
  fs.mkdirSync(path.join(root, 'server'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html lang="he" dir="rtl"><head><title>%SITE_NAME%</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(root, '.vite', 'manifest.json'), JSON.stringify({}));
  fs.writeFileSync(
    path.join(root, 'server', 'entry-server.js'),
    `export const FIRST_PAGE_NAMESPACES = ['common'];
export async function render({ language, data }) {
  const probe = globalThis.pageCoalescingProbe;
  probe.renders.push(language);
  await probe.gate;
  const viewer = data.session ? data.session.email : 'nobody';
  return { html: '<main><h1>' + language + ' for ' + viewer + '</h1></main>', stateScript: '' };
}`,
  );
}

describe('pages for visitors who are not signed in, under a crowd', () => {
  const web = makeTempDir('gallery-page-coalescing-web-');
  let t: TestApp;

  beforeAll(async () => {
    writeBuild(web.dir);
    probe.pageCoalescingProbe = { renders: [], gate: Promise.resolve() };
    t = await createTestApp({ build: { ...FAST_HASH, webRoot: web.dir } });
  });

  afterAll(async () => {
    await t?.close();
    web.remove();
  });

  it('makes one page for everyone who asks for it while it is being made, and one per language', async () => {
    let open = () => {};
    probe.pageCoalescingProbe = { renders: [], gate: new Promise((resolve) => (open = resolve)) };
    const asks = [
      ...Array.from({ length: 10 }, () => t.app.inject({ method: 'GET', url: '/gallery?lng=en' })),
      ...Array.from({ length: 5 }, () => t.app.inject({ method: 'GET', url: '/gallery?lng=he' })),
    ];
    await expect.poll(() => probe.pageCoalescingProbe.renders.length).toBe(2);
    // Give every request the time to reach the page being made (none of them waits for anything but this page).
    await wait(1000);
    open();
    const answers = await Promise.all(asks);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(15).fill(200));
    expect(answers.slice(0, 10).every((answer) => answer.body.includes('<h1>en for nobody</h1>'))).toBe(true);
    expect(answers.slice(10).every((answer) => answer.body.includes('<h1>he for nobody</h1>'))).toBe(true);
    expect(probe.pageCoalescingProbe.renders.sort()).toEqual(['en', 'he']);
  });

  it('makes the page again for the next visitor once it has been sent: nothing is kept', async () => {
    probe.pageCoalescingProbe = { renders: [], gate: Promise.resolve() };
    await t.app.inject({ method: 'GET', url: '/gallery?lng=en' });
    await t.app.inject({ method: 'GET', url: '/gallery?lng=en' });
    expect(probe.pageCoalescingProbe.renders).toEqual(['en', 'en']);
  });

  it('makes a signed-in visitor’s page for them alone, with their session in it', async () => {
    const rider = new TestClient(t.app);
    await signUpVerified(rider, t.dataDir, 'rider@example.com', 'a-long-rider-password');
    let open = () => {};
    probe.pageCoalescingProbe = { renders: [], gate: new Promise((resolve) => (open = resolve)) };
    const anonymous = t.app.inject({ method: 'GET', url: '/gallery?lng=en' });
    const signedIn = rider.get('/gallery?lng=en');
    await expect.poll(() => probe.pageCoalescingProbe.renders.length).toBe(2);
    open();
    expect((await anonymous).body).toContain('<h1>en for nobody</h1>');
    const own = await signedIn;
    expect(own.body).toContain('<h1>en for rider@example.com</h1>');
    expect(own.headers['cache-control']).toBe('private, no-store');
  });
});
