/**
 * The translation files of the namespaces every page uses (FIRST_PAGE_NAMESPACES in index.ts), in every language.
 * A page the server rendered carries its texts, so this map is imported only when texts are missing: on a page the
 * browser renders, and when the visitor switches language. `mail` and `seo` (the pages' descriptions for search
 * engines, the installed admin app's name) are the server's alone; the lazy namespaces are listed in lazy-locales.ts.
 */
export const firstPageLocaleFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  '../../shared/i18n/locales/*/*.json',
  '!../../shared/i18n/locales/*/{mail,seo}.json',
  '!../../shared/i18n/locales/*/{admin,proofing,events,eventsAdmin,booking,sales}.json',
]);
