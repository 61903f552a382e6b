import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Language } from '../shared/i18n/languages';
import type { LanguageTexts } from './i18n';

/** One API answer a server-rendered page was rendered from, under the query key the app reads it by. */
export interface ServerAnswer {
  key: QueryKey;
  data: unknown;
}

/**
 * What a server-rendered page hands to the browser so that its first render is the server's, to the byte: the
 * language and its texts, the API answers the page was rendered from, and its prices and dates as written.
 */
export interface ServerState {
  language: Language;
  texts: LanguageTexts;
  answers: ServerAnswer[];
  /** The prices and dates the page shows, as the server formatted them (shared/intl-texts.ts). */
  intlTexts: Record<string, string>;
}

const STATE_ID = 'server-state';

/** The answers in `queryClient` that the page was rendered from: every query that succeeded. */
export function renderedAnswers(queryClient: QueryClient): ServerAnswer[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success')
    .map((query) => ({ key: query.queryKey, data: query.state.data }));
}

/**
 * Puts the server's answers into the browser's cache. They count as fetched now: the server keeps a public page's
 * bytes only until what it shows changes, so a page made minutes ago is still current when it arrives; with the time
 * it was made, react-query would fetch again at once every answer older than its stale time. (A plain loop rather
 * than react-query's `hydrate`, whose promise and mutation handling the page never needs: 1 KB less to load.)
 */
export function adoptServerAnswers(queryClient: QueryClient, answers: ServerAnswer[]): void {
  const arrived = Date.now();
  for (const { key, data } of answers) queryClient.setQueryData(key, data, { updatedAt: arrived });
}

/**
 * The state as a JSON data block. A `type="application/json"` script is never run, so the page's CSP (no inline
 * scripts) allows it; `<` is escaped so no text inside can close the element.
 */
export function serverStateScript(state: ServerState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script id="${STATE_ID}" type="application/json">${json}</script>`;
}

/** The state the server embedded, or null on a page it did not render (the private pages). */
export function readServerState(): ServerState | null {
  const text = document.getElementById(STATE_ID)?.textContent;
  if (!text) return null;
  return JSON.parse(text) as ServerState;
}
