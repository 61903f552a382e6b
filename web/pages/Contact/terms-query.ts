import type { Language } from '../../../shared/i18n/languages';

/**
 * The cache key of the booking terms in `language` as `userId` sees them (whether they accepted): the contact page
 * asks under it, and the server-rendered page hands its answer over under it.
 */
export function termsQueryKey(language: Language, userId: string | null) {
  return ['terms', language, userId] as const;
}
