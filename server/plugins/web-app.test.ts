import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeTempDir, type TestApp } from '../test/harness';

const INDEX = `<!doctype html><html lang="he" dir="rtl"><head><title>%SITE_NAME%</title>
<script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;

describe('serving the web app', () => {
  const web = makeTempDir('gallery-web-');
  let t: TestApp;

  beforeAll(async () => {
    fs.mkdirSync(path.join(web.dir, 'assets'));
    fs.writeFileSync(path.join(web.dir, 'index.html'), INDEX);
    fs.writeFileSync(
      path.join(web.dir, 'assets', 'index-abc123.js'),
      `console.log(${JSON.stringify('x'.repeat(4000))});`,
    );
    fs.writeFileSync(path.join(web.dir, 'robots.txt'), 'User-agent: *\n');
    t = await createTestApp({
      build: { webRoot: web.dir },
      env: { SITE_NAME: 'Dana <Photo> & "Co"', BOOKING_FORM_URL: 'https://forms.example.com/register' },
    });
  });
  afterAll(async () => {
    await t.close();
    web.remove();
  });

  it.each([
    [{ cookie: 'lng=ar' }, 'ar', 'rtl'],
    [{ 'accept-language': 'ru-RU,ru;q=0.9' }, 'ru', 'ltr'],
    [{ 'accept-language': 'he-IL' }, 'he', 'rtl'],
    [{}, 'en', 'ltr'],
  ])('writes <html lang dir> from %o', async (headers, lang, dir) => {
    const res = await t.app.inject({ method: 'GET', url: '/gallery', headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<html lang="${lang}" dir="${dir}">`);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('prefers ?lng= over the browser language, and ignores values it does not know', async () => {
    const fr = await t.app.inject({ method: 'GET', url: '/?lng=fr', headers: { 'accept-language': 'he' } });
    expect(fr.body).toContain('<html lang="fr" dir="ltr">');
    const bogus = await t.app.inject({ method: 'GET', url: '/?lng=%3Cb%3E', headers: { 'accept-language': 'he' } });
    expect(bogus.body).toContain('<html lang="he" dir="rtl">');
    expect(bogus.body).not.toContain('<b>');
  });

  it('remembers the ?lng= it served a page in, so a link followed before the scripts ran keeps the language', async () => {
    const served = await t.app.inject({ method: 'GET', url: '/contact?lng=fr', headers: { 'accept-language': 'he' } });
    expect(served.headers['set-cookie']).toBe('lng=fr; Max-Age=31536000; Path=/; SameSite=Lax');
    const next = await t.app.inject({ method: 'GET', url: '/login', headers: { cookie: 'lng=fr' } });
    expect(next.body).toContain('<html lang="fr" dir="ltr">');
    // Already remembered, or a language the page was not served in (the cookie's choice wins): nothing is set.
    const again = await t.app.inject({ method: 'GET', url: '/contact?lng=fr', headers: { cookie: 'lng=fr' } });
    const other = await t.app.inject({ method: 'GET', url: '/contact?lng=ru', headers: { cookie: 'lng=ar' } });
    const bogus = await t.app.inject({ method: 'GET', url: '/?lng=%3Cb%3E' });
    expect([again, other, bogus].map((res) => res.headers['set-cookie'])).toEqual([undefined, undefined, undefined]);
  });

  it('announces the API answers of the first view in the head, so they load with the scripts', async () => {
    const preloads = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      return [...head.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin>/g)].map((m) => m[1]);
    };
    expect(await preloads('/gallery')).toEqual(['/api/session', '/api/gallery?type=all&amp;page=1']);
    expect(await preloads('/gallery?lng=he')).toEqual(['/api/session', '/api/gallery?type=all&amp;page=1']);
    expect(await preloads('/')).toEqual(['/api/session', '/api/home']);
    expect(await preloads('/gallery?page=3')).toEqual(['/api/session']);
    expect(await preloads('/me')).toEqual(['/api/session']);
  });

  it('escapes the site name into the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.body).toContain('<title>Dana &lt;Photo&gt; &amp; &quot;Co&quot;</title>');
  });

  it('serves hashed assets as immutable and compressed', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('answers a missing asset with 404, never with the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<html');
  });

  it('answers an unknown file-like path with the page, in its language, so the visitor is sent home', async () => {
    for (const url of ['/index.html', '/old-page.php', '/gallery/photo.jpg']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'he' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<html lang="he" dir="rtl">');
    }
    for (const url of ['/media/AAAAAAAAAAAAAAAAAAAAAA/w480.webp', '/media/not-an-id', '/media/']) {
      const media = await t.app.inject({ method: 'GET', url });
      expect(media.statusCode, url).toBe(404);
      expect(media.body, url).not.toContain('<html');
    }
  });

  it('sets the security headers, allowing only our own downloads and the booking form in frames', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    // Inline style attributes only (the server-rendered pictures' aspect ratios and placeholders); never a script.
    expect(csp.match(/[\w-]+ 'unsafe-inline'/g)).toEqual(["style-src-attr 'unsafe-inline'"]);
    expect(csp).toContain("frame-ancestors 'none'");
    // The older header says the same: no framing at all, not even by the site itself.
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(csp).toContain("frame-src 'self' https://forms.example.com;");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('never answers /api paths with the page', async () => {
    for (const url of ['/api', '/api/', '/api/unknown/deep?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not-found' } });
    }
  });

  it('answers malformed JSON with a JSON error and no stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: '{"broken": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    expect(res.json()).toEqual({ error: { code: 'invalid-json', message: 'The request body is not valid JSON.' } });
  });
});
