import fs from 'node:fs';
import path from 'node:path';

/** What the counting renderer tells a test: the language of each page it made, and the gate that holds them. */
export interface RendererProbe {
  renders: string[];
  gate: Promise<void>;
}

const PROBE = 'countingRendererProbe';

/** Starts counting afresh; each render waits for `gate` (open unless a test holds it) before it answers. */
export function countRenders(gate: Promise<void> = Promise.resolve()): RendererProbe {
  const probe: RendererProbe = { renders: [], gate };
  (globalThis as Record<string, unknown>)[PROBE] = probe;
  return probe;
}

/**
 * A hand-made web build (as `npm run build` lays it out) whose renderer counts the pages it makes and holds each one
 * until the test lets it go. A page shows its language, the visitor, the contact phone, and the address it was
 * rendered from (`/gallery?page=2`), so a test sees what each page was made from.
 */
export function writeCountingBuild(root: string): void {
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
export async function render({ pathname, search, language, data }) {
  const probe = globalThis.${PROBE};
  probe.renders.push(language);
  await probe.gate;
  const viewer = data.session ? data.session.email : 'nobody';
  const phone = (data.site && data.site.contact && data.site.contact.phone) || 'no phone';
  const address = pathname + (search ? '?' + search : '');
  return {
    html: '<main><h1>' + language + ' for ' + viewer + '</h1><p>' + phone + '</p><p>from ' + address + '</p></main>',
    stateScript: '',
  };
}`,
  );
}
