import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../shared/folders';
import { LANGUAGES } from '../../shared/i18n/languages';
import { type Database, openDatabase } from '../db/database';
import { createStorage } from '../storage/index';
import { createTestApp, makeTempDir, TEST_DATABASES, type TestApp } from '../test/harness';
import { drainJobs, makeTestRuntime, writeTestJpeg } from '../test/support/ingest';
import { FAST_HASH, TestClient } from '../test/test-client';

/** A hand-made web build without the server renderer: every page is the shell, and still gets its head tags. */
const INDEX = `<!doctype html><html lang="he" dir="rtl"><head><meta name="site-name" content="%SITE_NAME%" />
<title>%SITE_NAME%</title></head><body><div id="root"></div><noscript>JS</noscript></body></html>`;
const ADMIN = { email: 'photographer@example.com', password: 'seo-admin-secret' };
const PUBLIC_URL = 'http://localhost:3000';

const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>,
  );

describe.each(TEST_DATABASES)('tags, sitemap and robots.txt of the public site on %s', (kind) => {
  const web = makeTempDir('gallery-seo-web-');
  let t: TestApp;
  let second: Database;
  let admin: TestClient;

  beforeAll(async () => {
    fs.writeFileSync(path.join(web.dir, 'index.html'), INDEX);
    t = await createTestApp({
      database: kind,
      env: { SITE_NAME: 'Dana <Photo> & "Co"', ADMIN_EMAIL: ADMIN.email, ADMIN_INITIAL_PASSWORD: ADMIN.password },
      build: { ...FAST_HASH, webRoot: web.dir },
    });
    admin = new TestClient(t.app);
    expect((await admin.signIn(ADMIN.email, ADMIN.password)).statusCode).toBe(200);
    // Two photos in the main gallery, through the real pipeline: the gallery's JSON-LD and the shared picture.
    second = await openDatabase(t.config.database);
    const runtime = makeTestRuntime(second, t.dataDir, createStorage(t.config.storage));
    const jpeg = await writeTestJpeg(path.join(t.dataDir, 'source.jpg'), 2000, 1400);
    for (const name of ['first.jpg', 'second.jpg']) {
      const copy = path.join(t.dataDir, `upload-${name}`);
      fs.copyFileSync(jpeg, copy);
      await runtime.ingest.ingestFile({ folder: MAIN_GALLERY_FOLDER, localPath: copy, originalName: name });
    }
    await drainJobs(runtime);
    for (const [slug, visibility] of [
      ['spring-cup', 'public'],
      ['club-day', 'unlisted'],
    ] as const) {
      const created = await admin.post('/api/admin/events', {
        name: `Event ${slug}`,
        slug,
        date: '2026-05-14',
        venue: 'Kfar Hess',
        visibility,
      });
      expect(created.statusCode, created.body).toBe(201);
    }
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
    web.remove();
  });

  it.each(LANGUAGES)(
    'gives every public page in %s its title, description, canonical URL and languages',
    async (lng) => {
      const titles = new Set<string>();
      for (const pathname of ['/', '/gallery', '/contact', '/events', '/events/spring-cup']) {
        const res = await t.app.inject({ method: 'GET', url: `${pathname}?lng=${lng}` });
        expect(res.statusCode, pathname).toBe(200);
        expect(res.headers['x-robots-tag'], pathname).toBeUndefined();
        const tags = head(res.body);
        const title = attribute(tags, /<title>([^<]*)<\/title>/) ?? '';
        expect(title, pathname).toContain('Dana &lt;Photo&gt; &amp; &quot;Co&quot;');
        titles.add(title);
        expect(attribute(tags, /<meta name="description" content="([^"]+)">/), pathname).toBeTruthy();
        expect(tags).not.toContain('name="robots"');
        const canonical = `${PUBLIC_URL}${pathname}?lng=${lng}`;
        expect(tags).toContain(`<link rel="canonical" href="${canonical}">`);
        for (const other of LANGUAGES) {
          expect(tags).toContain(
            `<link rel="alternate" hreflang="${other}" href="${PUBLIC_URL}${pathname}?lng=${other}">`,
          );
        }
        expect(tags).toContain(`<link rel="alternate" hreflang="x-default" href="${PUBLIC_URL}${pathname}">`);
        expect(tags).toContain(`<meta property="og:url" content="${canonical}">`);
        expect(tags).toContain(`<meta property="og:title" content="${title}">`);
        expect(tags).toContain('<meta name="twitter:card" content="summary_large_image">');
        const image = attribute(tags, /<meta property="og:image" content="([^"]+)">/);
        expect(image).toMatch(new RegExp(`^${PUBLIC_URL}/social-card\\.jpg\\?v=[\\w-]+$`));
        expect(attribute(tags, /<meta name="twitter:image" content="([^"]+)">/)).toBe(image);
        const business = jsonLd(tags).find((item) => item['@type'] === 'LocalBusiness');
        expect(business, pathname).toMatchObject({ name: 'Dana <Photo> & "Co"', url: `${PUBLIC_URL}/`, image });
      }
      // Each page says which it is.
      expect(titles.size).toBe(5);
    },
  );

  it('describes the gallery page as an ImageGallery of its photos, at absolute addresses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/gallery?lng=he' });
    const gallery = jsonLd(head(res.body)).find((item) => item['@type'] === 'ImageGallery');
    expect(gallery).toMatchObject({ url: `${PUBLIC_URL}/gallery?lng=he`, inLanguage: 'he' });
    const images = gallery?.image as Array<{ contentUrl: string; width: number }>;
    expect(images).toHaveLength(2);
    for (const image of images) expect(image.contentUrl).toMatch(new RegExp(`^${PUBLIC_URL}/media/[\\w-]+/`));
    // Another page of the gallery is a page of its own.
    const second = await t.app.inject({ method: 'GET', url: '/gallery?type=images&page=2&lng=en' });
    expect(head(second.body)).toContain(
      `<link rel="canonical" href="${PUBLIC_URL}/gallery?type=images&amp;page=2&amp;lng=en">`,
    );
  });

  it('gives a page whose address names no language its own address as canonical URL (the x-default one)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/gallery', headers: { 'accept-language': 'fr' } });
    const tags = head(res.body);
    expect(tags).toContain(`<link rel="canonical" href="${PUBLIC_URL}/gallery">`);
    expect(tags).toContain(`<link rel="alternate" hreflang="fr" href="${PUBLIC_URL}/gallery?lng=fr">`);
  });

  it('keeps private pages, unlisted and unknown events out of search engines', async () => {
    for (const url of ['/me', '/admin', '/account', '/login', '/events/club-day', '/events/no-such-event']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
      expect(head(res.body), url).toContain('<meta name="robots" content="noindex">');
    }
    expect((await t.app.inject({ method: 'GET', url: '/events/no-such-event' })).statusCode).toBe(404);
    const unlisted = await t.app.inject({ method: 'GET', url: '/events/club-day' });
    expect(unlisted.statusCode).toBe(404);
    expect(head(unlisted.body)).not.toContain('rel="canonical"');
  });

  it('lists every public page in every language in sitemap.xml, public events included', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locations = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const expected = ['/', '/gallery', '/events', '/contact', '/events/spring-cup'].flatMap((pathname) =>
      LANGUAGES.map((lng) => `${PUBLIC_URL}${pathname}?lng=${lng}`),
    );
    expect(locations.sort()).toEqual(expected.sort());
    expect(res.body).not.toContain('club-day');
    expect(res.body).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${PUBLIC_URL}/gallery"/>`);
  });

  it('serves robots.txt with the sitemap at its absolute address', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toMatch(new RegExp(`^Sitemap: ${PUBLIC_URL}/sitemap\\.xml$`, 'm'));
  });

  it('cuts the shared picture once, keeps it in storage and serves it as a JPEG of at most 300 KB', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const image = new URL(attribute(page.body, /<meta property="og:image" content="([^"]+)">/) ?? '');
    const first = await t.app.inject({ method: 'GET', url: `${image.pathname}${image.search}` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.rawPayload.length).toBeLessThanOrEqual(300 * 1024);
    expect(first.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const stored = fs
      .readdirSync(path.join(t.dataDir, 'media', '_derived', image.searchParams.get('v') ?? ''))
      .filter((file) => file.startsWith('social-1200x630-'));
    expect(stored).toHaveLength(1);
    const again = await t.app.inject({ method: 'GET', url: `${image.pathname}${image.search}` });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
  });
});
