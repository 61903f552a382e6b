import type { DehydratedState } from '@tanstack/react-query';
import type { Language } from '../shared/i18n/languages';
import type { LanguageTexts } from './i18n';

/**
 * What a server-rendered page hands to the browser so that its first render is the server's, to the byte: the
 * language and its texts, the API answers the page was rendered from (react-query's dehydrated cache), and its
 * prices and dates as written.
 */
export interface ServerState {
  language: Language;
  texts: LanguageTexts;
  queries: DehydratedState;
  /** The prices and dates the page shows, as the server formatted them (shared/intl-texts.ts). */
  intlTexts: Record<string, string>;
}

const STATE_ID = 'server-state';

/**
 * The state as a JSON data block. A `type="application/json"` script is never run, so the page's CSP (no inline
 * scripts) allows it; `<` is escaped so no text inside can close the element.
 */
export function serverStateScript(state: ServerState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script id="${STATE_ID}" type="application/json">${json}</script>`;
}

/**
 * The state the server embedded, or null on a page it did not render (the private pages). Its answers count as
 * fetched now: the server keeps a public page's bytes only until what it shows changes, so a page made minutes ago
 * is still current when it arrives; with the time it was made, react-query would fetch again at once every answer
 * older than its stale time.
 */
export function readServerState(): ServerState | null {
  const text = document.getElementById(STATE_ID)?.textContent;
  if (!text) return null;
  const state = JSON.parse(text) as ServerState;
  const arrived = Date.now();
  for (const query of state.queries.queries) query.state.dataUpdatedAt = arrived;
  return state;
}
