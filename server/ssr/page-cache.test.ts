import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChangeFeed } from '../cache/change-feed';
import { EVENT_ENTRIES_TOPIC } from '../services/events';
import { GALLERY_TOPIC } from '../services/gallery-service';
import { signUpVerified } from '../test/email-links';
import { createTestApp, makeTempDir, type TestApp } from '../test/harness';
import { FAST_HASH, TestClient } from '../test/test-client';
import { createPublicPageCache, PUBLIC_PAGES_TOPIC } from './page-cache';

const ADMIN = { email: 'photographer@example.com', password: 'a-long-admin-password' };

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
  const phone = (data.site && data.site.contact && data.site.contact.phone) || 'no phone';
  return { html: '<main><h1>' + language + ' for ' + viewer + '</h1><p>' + phone + '</p></main>', stateScript: '' };
}`,
  );
}

describe('pages for visitors who are not signed in', () => {
  const web = makeTempDir('gallery-page-coalescing-web-');
  let t: TestApp;

  beforeAll(async () => {
    writeBuild(web.dir);
    probe.pageCoalescingProbe = { renders: [], gate: Promise.resolve() };
    t = await createTestApp({
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_INITIAL_PASSWORD: ADMIN.password },
      build: { ...FAST_HASH, webRoot: web.dir },
    });
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

  it('keeps the page for the next visitors, revalidated by its ETag and sent compressed as it was kept', async () => {
    probe.pageCoalescingProbe = { renders: [], gate: Promise.resolve() };
    const first = await t.app.inject({ method: 'GET', url: '/contact?lng=fr' });
    const again = await t.app.inject({ method: 'GET', url: '/contact?lng=fr', headers: { 'accept-encoding': 'br' } });
    const unchanged = await t.app.inject({
      method: 'GET',
      url: '/contact?lng=fr',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(probe.pageCoalescingProbe.renders).toEqual(['fr']);
    expect(first.body).toContain('<h1>fr for nobody</h1>');
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers.vary).toBe('Cookie, Accept-Language, Accept-Encoding');
    expect(again.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(again.rawPayload).toString()).toBe(first.body);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
  });

  it('makes the page again as soon as the photographer has changed something, and not for a client’s writes', async () => {
    probe.pageCoalescingProbe = { renders: [], gate: Promise.resolve() };
    const before = await t.app.inject({ method: 'GET', url: '/contact?lng=en' });
    expect(before.body).toContain('<p>no phone</p>');

    const rider = new TestClient(t.app);
    await signUpVerified(rider, t.dataDir, 'second-rider@example.com', 'a-long-rider-password');
    await t.app.inject({ method: 'GET', url: '/contact?lng=en' });
    expect(probe.pageCoalescingProbe.renders).toEqual(['en']);

    const admin = new TestClient(t.app);
    await admin.signIn(ADMIN.email, ADMIN.password);
    const saved = await admin.request({
      method: 'PUT',
      url: '/api/admin/contact-details',
      payload: { phone: '+972 50 123 4567', whatsapp: '', email: '', instagram: '', facebook: '' },
    });
    expect(saved.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/contact?lng=en' });
    expect(after.body).toContain('+972 50 123 4567');
    expect(probe.pageCoalescingProbe.renders).toEqual(['en', 'en']);
  });

  it('makes a signed-in visitor’s page for them alone, with their session in it', async () => {
    const rider = new TestClient(t.app);
    await signUpVerified(rider, t.dataDir, 'rider@example.com', 'a-long-rider-password');
    let open = () => {};
    probe.pageCoalescingProbe = { renders: [], gate: new Promise((resolve) => (open = resolve)) };
    const anonymous = t.app.inject({ method: 'GET', url: '/events?lng=ru' });
    const signedIn = rider.get('/events?lng=ru');
    await expect.poll(() => probe.pageCoalescingProbe.renders.length).toBe(2);
    open();
    expect((await anonymous).body).toContain('<h1>ru for nobody</h1>');
    const own = await signedIn;
    expect(own.body).toContain('<h1>ru for rider@example.com</h1>');
    expect(own.headers['cache-control']).toBe('private, no-store');
  });
});

describe('the public page cache and the change feed', () => {
  it('forgets every kept page on a gallery change, an event change or a write of the photographer', async () => {
    const feed = await createChangeFeed();
    const pages = createPublicPageCache(Fastify(), feed);
    let made = 0;
    const make = async () => ({
      body: Buffer.from(`page ${++made}`),
      type: 'text/html',
      meta: { status: 200, indexable: true },
    });
    await pages.getMade('en /', make);
    await pages.getMade('en /', make);
    expect(made).toBe(1);
    for (const [topic, key] of [
      [GALLERY_TOPIC, 'main'],
      [EVENT_ENTRIES_TOPIC, '7'],
      [PUBLIC_PAGES_TOPIC, 'admin'],
    ] as const) {
      feed.publish(topic, key);
      await pages.getMade('en /', make);
    }
    expect(made).toBe(4);
    await feed.close();
  });
});

describe('pages while the demo set is being made', () => {
  const web = makeTempDir('gallery-page-cache-demo-web-');
  let t: TestApp;

  beforeAll(async () => {
    writeBuild(web.dir);
    // Demo content on and nothing installed yet: the site says it is preparing until the set is there.
    t = await createTestApp({ env: { DEMO_CONTENT: 'true' }, build: { ...FAST_HASH, webRoot: web.dir } });
  });

  afterAll(async () => {
    await t?.close();
    web.remove();
  });

  it('keeps nothing: the end of the preparation is not announced, and the next visitor must see it', async () => {
    probe.pageCoalescingProbe = { renders: [], gate: Promise.resolve() };
    await t.app.inject({ method: 'GET', url: '/gallery?lng=en' });
    await t.app.inject({ method: 'GET', url: '/gallery?lng=en' });
    expect(probe.pageCoalescingProbe.renders).toEqual(['en', 'en']);
  });
});
