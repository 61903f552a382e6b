import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeTempDir, type TestApp } from '../test/harness';

/**
 * A hand-made web build with a renderer of its own (a fixed page), laid out as `npm run build` lays it out: the
 * template with the first script and its preloaded import, the manifest naming the app that script loads later and
 * the home page's chunk, and the renderer in server/.
 */
function writeBuild(root: string): void {
  fs.mkdirSync(path.join(root, '.vite'), { recursive: true });
  fs.mkdirSync(path.join(root, 'server'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'index.html'),
    `<!doctype html><html lang="he" dir="rtl"><head><title>%SITE_NAME%</title>
<script type="module" crossorigin src="/assets/index-a.js"></script>
<link rel="modulepreload" crossorigin href="/assets/preload-b.js">
</head><body><div id="root"></div><noscript>JS</noscript></body></html>`,
  );
  fs.writeFileSync(
    path.join(root, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-a.js', imports: ['_preload.js'], dynamicImports: ['main.tsx'] },
      '_preload.js': { file: 'assets/preload-b.js' },
      'main.tsx': { file: 'assets/main-c.js', imports: ['_react.js', '_preload.js'], css: ['assets/main-c.css'] },
      '_react.js': { file: 'assets/react-f.js', css: ['assets/shared-g.css'] },
      'pages/Home/index.tsx': {
        file: 'assets/Home-d.js',
        imports: ['_react.js', '_money.js'],
        css: ['assets/Home-e.css'],
      },
      '_money.js': { file: 'assets/money-h.js' },
      '../node_modules/@fontsource/rubik/files/rubik-hebrew-400-normal.woff2': {
        file: 'assets/rubik-hebrew-400-i.woff2',
      },
      '../node_modules/@fontsource/rubik/files/rubik-hebrew-600-normal.woff2': {
        file: 'assets/rubik-hebrew-600-j.woff2',
      },
      '../node_modules/@fontsource/rubik/files/rubik-latin-400-normal.woff2': {
        file: 'assets/rubik-latin-400-k.woff2',
      },
    }),
  );
  fs.writeFileSync(
    path.join(root, 'server', 'entry-server.js'),
    `export const FIRST_PAGE_NAMESPACES = ['common'];
export async function render() {
  return { html: '<main><h1>Rendered</h1></main>', stateScript: '<script id="server-state" type="application/json">{}</script>' };
}`,
  );
}

const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const downloads = (html: string) => head(html).match(/<(?:script type="module"|link rel="modulepreload")[^>]*>/g) ?? [];
const stylesheets = (html: string) =>
  [...head(html).matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]);

describe('the head of a page', () => {
  const web = makeTempDir('gallery-page-head-web-');
  let t: TestApp;

  beforeAll(async () => {
    writeBuild(web.dir);
    t = await createTestApp({ build: { webRoot: web.dir } });
  });

  afterAll(async () => {
    await t?.close();
    web.remove();
  });

  it('of a server-rendered page downloads only the first script, and links the stylesheets of the app and the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Rendered</h1>');
    // Nothing of the app or the page is fetched by the head: the first script fetches them once the page shows.
    expect(downloads(res.body).join('\n')).not.toMatch(/main-c|react-f|Home-d|money-h/);
    // The app's styles (its chunk's and its shared chunk's) come before the page's own.
    expect(stylesheets(res.body)).toEqual(['/assets/main-c.css', '/assets/shared-g.css', '/assets/Home-e.css']);
    // The app's modules and the page's, for the first script to fetch all at once (not the first script's own).
    expect(head(res.body)).toContain(
      '<meta name="app-modules" content="/assets/main-c.js /assets/react-f.js /assets/Home-d.js /assets/money-h.js">',
    );
  });

  it('of a rendered page preloads the fonts of its language’s own script, and no other', async () => {
    const preloaded = async (lng: string) =>
      [
        ...head((await t.app.inject({ method: 'GET', url: `/?lng=${lng}` })).body).matchAll(
          /<link rel="preload"[^>]*>/g,
        ),
      ]
        .map((m) => m[0])
        .filter((link) => link.includes('as="font"'));
    expect(await preloaded('he')).toEqual([
      '<link rel="preload" href="/assets/rubik-hebrew-400-i.woff2" as="font" type="font/woff2" crossorigin>',
      '<link rel="preload" href="/assets/rubik-hebrew-600-j.woff2" as="font" type="font/woff2" crossorigin>',
    ]);
    // Latin pages read the Latin subset from the stylesheet: it must not compete with the first picture.
    expect(await preloaded('en')).toEqual([]);
  });

  it('of a page the browser renders is the template alone: the first script loads the app with its styles', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    expect(res.statusCode).toBe(200);
    expect(downloads(res.body)).toHaveLength(2);
    expect(stylesheets(res.body)).toEqual([]);
    expect(head(res.body)).not.toContain('app-modules');
  });
});
