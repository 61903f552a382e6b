// Sizes have one home for the whole app, shared with the client gallery's pages.
export { formatBytes } from '../../../../shared/bytes';

export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
