import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGalleryUrl } from '../../shared/gallery-url';
import { createTestApp, makeTempDir, TEST_DATABASES, type TestApp } from '../test/harness';
import { countRenders, writeCountingBuild } from '../test/support/counting-renderer';
import { FAST_HASH } from '../test/test-client';
import { PAGE_PARAMS } from './pages';

/** Renders one client address may have made for it alone in this suite's window. */
const RENDERS = 4;

describe.each(TEST_DATABASES)('what a public page is made from, on %s', (database) => {
  const web = makeTempDir('gallery-page-params-web-');
  let t: TestApp;
  /** A page as a client at `address` behind the proxy asks for it. */
  const get = (url: string, address: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': address } });

  beforeAll(async () => {
    writeCountingBuild(web.dir);
    t = await createTestApp({
      database,
      env: { TRUST_PROXY: 'true' },
      build: { ...FAST_HASH, webRoot: web.dir, pageRenders: { max: RENDERS, windowMs: 3_600_000 } },
    });
  });

  afterAll(async () => {
    await t?.close();
    web.remove();
  });

  it('makes one page for a hundred requests whose only difference is a parameter no page reads', async () => {
    const probe = countRenders();
    const bodies = new Set<string>();
    for (let i = 0; i < 100; i += 1) {
      const junk = i % 2 === 0 ? `cb=${randomUUID()}` : `${randomUUID().slice(0, 8)}=${i}&utm_source=x`;
      const res = await get(`/gallery?${junk}&lng=en`, '203.0.113.1');
      expect(res.statusCode).toBe(200);
      bodies.add(res.body);
    }
    expect(probe.renders).toEqual(['en']);
    expect([...bodies]).toHaveLength(1);
    expect([...bodies][0]).toContain('<p>from /gallery?lng=en</p>');
  });

  it('makes a page of its own for a parameter the page reads, whatever the order of the parameters', async () => {
    const probe = countRenders();
    const plain = await get('/gallery?lng=fr', '203.0.113.2');
    const second = await get('/gallery?type=images&lng=fr&page=2', '203.0.113.2');
    const reordered = await get('/gallery?page=2&cb=1&lng=fr&type=images&type=videos', '203.0.113.2');
    expect(plain.body).toContain('<p>from /gallery?lng=fr</p>');
    expect(second.body).toContain('<p>from /gallery?lng=fr&page=2&type=images</p>');
    expect(reordered.body).toBe(second.body);
    expect(probe.renders).toEqual(['fr', 'fr']);
  });

  it('sends an address past its renders the page unrendered, still serves it kept pages, and spares others', async () => {
    const busy = '198.51.100.7';
    const probe = countRenders();
    for (let page = 2; page < 2 + RENDERS; page += 1) {
      expect((await get(`/gallery?lng=ru&page=${page}`, busy)).body).toContain('<h1>ru for nobody</h1>');
    }
    expect(probe.renders).toHaveLength(RENDERS);

    // One more page nobody asked for: the page the browser renders, with its head, and no render on the server.
    const plain = await get('/gallery?lng=ru&page=99', busy);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.body).toContain('<html lang="ru" dir="ltr">');
    expect(plain.body).toContain('<div id="root"></div>');
    expect(plain.body).not.toContain('<main>');
    expect(probe.renders).toHaveLength(RENDERS);

    // A page already kept costs nothing, so it comes rendered, whoever asks.
    expect((await get('/gallery?lng=ru&page=2&cb=7', busy)).body).toContain('<p>from /gallery?lng=ru&page=2</p>');
    // Another address has renders of its own; what it made is kept, and the busy address gets it too.
    expect((await get('/gallery?lng=ru&page=99', '198.51.100.8')).body).toContain('<h1>ru for nobody</h1>');
    expect((await get('/gallery?lng=ru&page=99', busy)).body).toContain('<h1>ru for nobody</h1>');
    expect(probe.renders).toHaveLength(RENDERS + 1);
  });
});

describe('the parameters a page is keyed by', () => {
  it('hold every parameter the gallery reads from its address', () => {
    const read = new Set<string>();
    // Records every parameter asked for, however the reader asks.
    class Recording extends URLSearchParams {
      override get(name: string) {
        read.add(name);
        return super.get(name);
      }
      override getAll(name: string) {
        read.add(name);
        return super.getAll(name);
      }
      override has(name: string) {
        read.add(name);
        return super.has(name);
      }
    }
    // Empty and full, so a parameter read only in the absence (or the presence) of another is asked for too.
    readGalleryUrl(new Recording(''));
    readGalleryUrl(new Recording('type=images&page=2&item=abc'));
    expect(read.size).toBeGreaterThan(0);
    expect([...read].filter((name) => !PAGE_PARAMS.gallery.includes(name))).toEqual([]);
  });
});
