import { setTimeout as wait } from 'node:timers/promises';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChangeFeed } from '../cache/change-feed';
import { createPublicPageCache, PUBLIC_PAGES_TOPIC } from '../cache/public-pages';
import { EVENT_ENTRIES_TOPIC } from '../services/events/events';
import { GALLERY_TOPIC } from '../services/galleries/gallery-service';
import { signUpVerified } from '../test/email-links';
import { createTestApp, makeTempDir, type TestApp } from '../test/harness';
import { countRenders, writeCountingBuild } from '../test/support/counting-renderer';
import { FAST_HASH, TestClient } from '../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'a-long-admin-password' };

describe('pages for visitors who are not signed in', () => {
  const web = makeTempDir('gallery-page-coalescing-web-');
  let t: TestApp;

  beforeAll(async () => {
    writeCountingBuild(web.dir);
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
    const probe = countRenders(new Promise((resolve) => (open = resolve)));
    const asks = [
      ...Array.from({ length: 10 }, () => t.app.inject({ method: 'GET', url: '/gallery?lng=en' })),
      ...Array.from({ length: 5 }, () => t.app.inject({ method: 'GET', url: '/gallery?lng=he' })),
    ];
    await expect.poll(() => probe.renders.length).toBe(2);
    // Give every request the time to reach the page being made (none of them waits for anything but this page).
    await wait(1000);
    open();
    const answers = await Promise.all(asks);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(15).fill(200));
    expect(answers.slice(0, 10).every((answer) => answer.body.includes('<h1>en for nobody</h1>'))).toBe(true);
    expect(answers.slice(10).every((answer) => answer.body.includes('<h1>he for nobody</h1>'))).toBe(true);
    expect(probe.renders.sort()).toEqual(['en', 'he']);
  });

  it('keeps the page for the next visitors, revalidated by its ETag and sent compressed as it was kept', async () => {
    const probe = countRenders();
    const first = await t.app.inject({ method: 'GET', url: '/contact?lng=fr' });
    const again = await t.app.inject({ method: 'GET', url: '/contact?lng=fr', headers: { 'accept-encoding': 'br' } });
    const unchanged = await t.app.inject({
      method: 'GET',
      url: '/contact?lng=fr',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(probe.renders).toEqual(['fr']);
    expect(first.body).toContain('<h1>fr for nobody</h1>');
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers.vary).toBe('Cookie, Accept-Language, Accept-Encoding');
    // The language it is in, for the service worker's offline page (web/sw/offline.ts).
    expect(first.headers['content-language']).toBe('fr');
    expect(again.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(again.rawPayload).toString()).toBe(first.body);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
  });

  it('makes the page again as soon as the photographer has changed something, and not for a client’s writes', async () => {
    const probe = countRenders();
    const before = await t.app.inject({ method: 'GET', url: '/contact?lng=en' });
    expect(before.body).toContain('<p>no phone</p>');

    const rider = new TestClient(t.app);
    await signUpVerified(rider, t.dataDir, 'second-rider@example.com', 'a-long-rider-password');
    await t.app.inject({ method: 'GET', url: '/contact?lng=en' });
    expect(probe.renders).toEqual(['en']);

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
    expect(probe.renders).toEqual(['en', 'en']);
  });

  it('makes a signed-in visitor’s page for them alone, with their session in it', async () => {
    const rider = new TestClient(t.app);
    await signUpVerified(rider, t.dataDir, 'rider@example.com', 'a-long-rider-password');
    let open = () => {};
    const probe = countRenders(new Promise((resolve) => (open = resolve)));
    const anonymous = t.app.inject({ method: 'GET', url: '/events?lng=ru' });
    const signedIn = rider.get('/events?lng=ru');
    await expect.poll(() => probe.renders.length).toBe(2);
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
    const pages = createPublicPageCache(feed);
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
    writeCountingBuild(web.dir);
    // Demo content on and nothing installed yet: the site says it is preparing until the set is there.
    t = await createTestApp({ env: { DEMO_CONTENT: 'true' }, build: { ...FAST_HASH, webRoot: web.dir } });
  });

  afterAll(async () => {
    await t?.close();
    web.remove();
  });

  it('keeps nothing: the end of the preparation is not announced, and the next visitor must see it', async () => {
    const probe = countRenders();
    await t.app.inject({ method: 'GET', url: '/gallery?lng=en' });
    await t.app.inject({ method: 'GET', url: '/gallery?lng=en' });
    expect(probe.renders).toEqual(['en', 'en']);
  });
});
