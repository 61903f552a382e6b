import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { RenderInput, RenderResult } from '../../web/entry-server';
import { escapeHtml } from '../html';

/** The part of the client build's manifest (dist/.vite/manifest.json) the head links are read from. */
type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

export interface ServerRenderer {
  render(input: RenderInput): Promise<RenderResult>;
  /** The namespaces every page's texts come in (the server embeds them). */
  firstPageNamespaces: readonly string[];
  /**
   * `<link>`s for the head of a page rendered from `source` (a page module, as the manifest names it): its
   * stylesheets, so the HTML is styled as it paints, and its scripts, fetched with the app's own instead of after.
   */
  pageLinks(source: string): string;
}

/** The chunks `key` loads with it (itself and its static imports, transitively). */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
  return seen;
}

function pageLinksFrom(manifest: Manifest): (source: string) => string {
  const app = closure(manifest, 'index.html');
  const cache = new Map<string, string>();
  return (source) => {
    let links = cache.get(source);
    if (links === undefined) {
      const chunks = [...closure(manifest, source)].filter((key) => !app.has(key));
      const styles = chunks.flatMap((key) => manifest[key]?.css ?? []);
      const scripts = chunks.map((key) => manifest[key]?.file).filter((file): file is string => Boolean(file));
      links = [
        ...styles.map((file) => `<link rel="stylesheet" href="/${escapeHtml(file)}">`),
        ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`),
      ].join('');
      cache.set(source, links);
    }
    return links;
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
