import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeTempDir, type TestApp } from '../test/harness';
import { lowerScriptPriority } from './script-priority';

/**
 * A hand-made web build with a renderer of its own (a fixed page), laid out as `npm run build` lays it out: the
 * template with Vite's entry script and module preload, the manifest naming the home page's chunk, and the renderer
 * in server/.
 */
function writeBuild(root: string): void {
  fs.mkdirSync(path.join(root, '.vite'), { recursive: true });
  fs.mkdirSync(path.join(root, 'server'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'index.html'),
    `<!doctype html><html lang="he" dir="rtl"><head><title>%SITE_NAME%</title>
<script type="module" crossorigin src="/assets/index-a.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-b.js">
<link rel="stylesheet" crossorigin href="/assets/index-c.css">
</head><body><div id="root"></div><noscript>JS</noscript></body></html>`,
  );
  fs.writeFileSync(
    path.join(root, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-a.js', imports: ['_react.js'], css: ['assets/index-c.css'] },
      '_react.js': { file: 'assets/react-b.js' },
      'pages/Home/index.tsx': { file: 'assets/Home-d.js', imports: ['_react.js'], css: ['assets/Home-e.css'] },
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
const scriptTags = (html: string) =>
  head(html).match(/<(?:script type="module"|link rel="modulepreload")[^>]*>/g) ?? [];

describe('the priority of the scripts in a page', () => {
  const web = makeTempDir('gallery-script-priority-web-');
  let t: TestApp;

  beforeAll(async () => {
    writeBuild(web.dir);
    t = await createTestApp({ build: { webRoot: web.dir } });
  });

  afterAll(async () => {
    await t?.close();
    web.remove();
  });

  it('fetches the scripts of a server-rendered page after what paints it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Rendered</h1>');
    const tags = scriptTags(res.body);
    // The entry, its preloaded import and the page's own chunk.
    expect(tags).toHaveLength(3);
    expect(tags.join('\n')).toContain('/assets/Home-d.js');
    for (const tag of tags) expect(tag).toContain('fetchpriority="low"');
    // The stylesheets keep their priority: they are what the first paint waits for.
    expect(head(res.body)).not.toMatch(/<link rel="stylesheet"[^>]*fetchpriority/);
  });

  it('leaves the scripts of a page the browser renders at their priority: they are all it shows', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    expect(res.statusCode).toBe(200);
    const tags = scriptTags(res.body);
    expect(tags).toHaveLength(2);
    for (const tag of tags) expect(tag).not.toContain('fetchpriority');
  });

  it('keeps a priority a tag already names', () => {
    const tag = '<script type="module" fetchpriority="high" src="/a.js"></script>';
    expect(lowerScriptPriority(tag)).toBe(tag);
  });
});
