import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../shared/i18n/languages';
import type { RenderInput, RenderResult } from '../../web/entry-server';
import { escapeHtml } from '../html';

/** The part of the client build's manifest (dist/.vite/manifest.json) the head links are read from. */
type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] }>;

export interface ServerRenderer {
  render(input: RenderInput): Promise<RenderResult>;
  /** The namespaces every page's texts come in (the server embeds them). */
  firstPageNamespaces: readonly string[];
  /**
   * The head of a page rendered from `source` (a page module, as the manifest names it): the app's stylesheets and
   * the page's, so the HTML is styled as it paints, and the modules of both, for the first script (web/boot.ts) to
   * fetch all at once when it loads the app; and the fonts of the page's language's own script.
   */
  pageLinks(source: string, language: Language): string;
}

/**
 * The font files (web/styles/fonts.css) of a language's own script, preloaded in the head of its pages: found only
 * once the stylesheets are parsed, they arrived after the first paint, and the swap from the local font moved the
 * text under it (CLS 0.012 on /events in Hebrew). The Hebrew and Cyrillic subsets are 5–8 KB each; Latin (19 KB)
 * and Arabic are left to the stylesheet, so they never compete with a page's first picture.
 */
const OWN_SCRIPT_FONTS: Partial<Record<Language, RegExp>> = {
  he: /\/rubik-hebrew-(?:400|600)-normal\.woff2$/,
  ru: /\/rubik-cyrillic-(?:400|600)-normal\.woff2$/,
};

function fontLinksFrom(manifest: Manifest): (language: Language) => string {
  return (language) => {
    const own = OWN_SCRIPT_FONTS[language];
    if (!own) return '';
    return Object.entries(manifest)
      .filter(([key]) => own.test(key))
      .map(([, { file }]) => `<link rel="preload" href="/${escapeHtml(file)}" as="font" type="font/woff2" crossorigin>`)
      .join('');
  };
}

/** The chunks `key` loads with it (itself and its static imports, transitively), in the order they are found. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
  return seen;
}

function pageLinksFrom(manifest: Manifest): (source: string, language: Language) => string {
  const fontLinks = fontLinksFrom(manifest);
  // The template's own entry (the first script, which the template links) and what it loads later: the app.
  const first = closure(manifest, 'index.html');
  const app = new Set<string>();
  for (const key of manifest['index.html']?.dynamicImports ?? []) closure(manifest, key, app);
  const cache = new Map<string, string>();
  return (source, language) => {
    let links = cache.get(source);
    if (links === undefined) {
      const page = [...closure(manifest, source)].filter((key) => !first.has(key) && !app.has(key));
      // The app's styles first: the page's own rules come after them and win where both apply.
      const styles = new Set([...app, ...page].flatMap((key) => manifest[key]?.css ?? []));
      const modules = [...[...app].filter((key) => !first.has(key)), ...page]
        .map((key) => manifest[key]?.file)
        .filter((file): file is string => Boolean(file));
      links = [
        ...[...styles].map((file) => `<link rel="stylesheet" href="/${escapeHtml(file)}">`),
        `<meta name="app-modules" content="${escapeHtml(modules.map((file) => `/${file}`).join(' '))}">`,
      ].join('');
      cache.set(source, links);
    }
    return fontLinks(language) + links;
  };
}

/**
 * Loads the renderer `npm run build` put in `<root>/server/` beside the client build, or null when the build has
 * none (a web build without it, or a test's hand-made one): the server then sends every page as the shell.
 */
export async function loadServerRenderer(root: string, log: FastifyBaseLogger): Promise<ServerRenderer | null> {
  const entry = path.join(root, 'server', 'entry-server.js');
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  if (!fs.existsSync(entry) || !fs.existsSync(manifestFile)) {
    log.warn({ root }, 'the web build has no server renderer: pages are sent for the browser to render');
    return null;
  }
  const module = (await import(pathToFileURL(entry).href)) as {
    render: ServerRenderer['render'];
    FIRST_PAGE_NAMESPACES: readonly string[];
  };
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  return {
    render: module.render,
    firstPageNamespaces: module.FIRST_PAGE_NAMESPACES,
    pageLinks: pageLinksFrom(manifest),
  };
}
