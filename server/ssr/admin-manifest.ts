import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_MANIFEST_PATH } from '../../shared/api-paths';
import { directionOf, LANGUAGE_STORAGE_KEY, type Language, matchLanguage } from '../../shared/i18n/languages';
import { serverTranslator } from '../i18n/locale-files';
import { requestLanguage } from '../i18n/request-language';

/** The site's dark colours: the installed app's splash screen and title bar match the panel from the first frame. */
const APP_COLOUR = '#14110f';

/** Made once from favicon.svg (web/public/): 192 and 512 px, and a maskable 512 px one with the logo in the safe circle. */
const ICONS = [
  { src: '/admin-icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/admin-icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/admin-icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/**
 * The admin as an installable app, named in `language`: a phone keeps the name it read at installation under the
 * icon. One `id` for every language, so installing again after a language switch replaces the app, never adds one.
 */
export function adminManifest(language: Language) {
  const t = serverTranslator(language, 'seo');
  return {
    name: t('adminApp.name'),
    short_name: t('adminApp.shortName'),
    id: '/admin/today',
    start_url: '/admin/today',
    scope: '/admin/',
    display: 'standalone',
    orientation: 'any',
    lang: language,
    dir: directionOf(language),
    theme_color: APP_COLOUR,
    background_color: APP_COLOUR,
    icons: ICONS,
  };
}

/** The language the panel asked for (`?lng=`, one of ours or ignored), else the visitor's remembered or browser's. */
function manifestLanguage(request: FastifyRequest): Language {
  const asked = (request.query as Record<string, unknown> | undefined)?.[LANGUAGE_STORAGE_KEY];
  return matchLanguage(typeof asked === 'string' ? asked : null) ?? requestLanguage(request);
}

/** GET /admin.webmanifest: public like any manifest (it names no one), revalidated like the site's other files. */
export function registerAdminManifestRoute(app: FastifyInstance): void {
  app.get(ADMIN_MANIFEST_PATH, async (request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie, accept-language')
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(adminManifest(manifestLanguage(request)))),
  );
}
