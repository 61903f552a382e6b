/**
 * The translation files of the namespaces kept out of the first page (LAZY_NAMESPACES in index.ts: admin, proofing,
 * events, eventsAdmin, booking, sales). Only useNamespace() imports this map, on the pages that use those
 * namespaces, so the first visit's JavaScript does not carry its entries.
 */
export const lazyLocaleFiles = import.meta.glob<{ default: Record<string, unknown> }>(
  '../../shared/i18n/locales/*/{admin,proofing,events,eventsAdmin,booking,sales}.json',
);
