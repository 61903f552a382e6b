/**
 * The server's way into the app (built by `vite build --ssr`, loaded by server/ssr/renderer.ts): renders a public page
 * to HTML from data the server loaded itself, and returns the state the browser needs to hydrate it identically.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { prerenderToNodeStream } from 'react-dom/static';
import type { Language } from '../shared/i18n/languages';
import { recordIntlTexts } from '../shared/intl-texts';
import type { CurrentTerms } from '../shared/schemas/agreements';
import type { PublicEvent } from '../shared/schemas/events';
import type { GalleryPage, GalleryType } from '../shared/schemas/gallery';
import type { HomeResponse } from '../shared/schemas/media';
import type { SessionUser } from '../shared/schemas/session';
import type { SiteInfo } from '../shared/schemas/site';
import { App, createQueryClient } from './App';
import { SITE_QUERY_KEY } from './api/site';
import { galleryPageQuery } from './components/Gallery/gallery-api';
import { loadPlaceholderDecoder } from './components/Media/placeholder';
import { SESSION_QUERY_KEY } from './hooks/useSession';
import { createI18n, type LanguageTexts } from './i18n';
import { termsQueryKey } from './pages/Contact/terms-query';
import { eventsKeys } from './pages/Events/events-api';
import { homeQuery } from './pages/Home/home-query';
import { preloadPages } from './routes';
import { renderedAnswers, type ServerState, serverStateScript } from './server-state';
import { setRenderedSiteName } from './site';

export { FIRST_PAGE_NAMESPACES } from './i18n';

/** The API answers a page is rendered from, exactly as the API would send them (see server/ssr/page-data.ts). */
export interface PageData {
  /** GET /api/session: who is signed in (null: nobody), so the navigation and the page render for them at once. */
  session?: SessionUser | null;
  site?: SiteInfo;
  home?: HomeResponse;
  gallery?: { type: GalleryType; page: number; answer: GalleryPage };
  events?: { events: PublicEvent[] };
  event?: { slug: string; key: string | undefined; answer: PublicEvent };
  /** GET /api/agreements/current in the page's language, for the visitor: the contact page's booking terms. */
  terms?: { language: Language; answer: CurrentTerms };
}

export interface RenderInput {
  pathname: string;
  /** The query string without its `?`. */
  search: string;
  language: Language;
  texts: LanguageTexts;
  siteName: string;
  data: PageData;
}

export interface RenderResult {
  /** The app's markup, for inside `<div id="root">`. */
  html: string;
  /** The `<script type="application/json">` the browser starts from. */
  stateScript: string;
}

/** Puts each answer in the cache under the key the page's own query uses, so the page renders it at once. */
function seed(queryClient: ReturnType<typeof createQueryClient>, data: PageData): void {
  if (data.session !== undefined) queryClient.setQueryData(SESSION_QUERY_KEY, data.session);
  if (data.site) queryClient.setQueryData(SITE_QUERY_KEY, data.site);
  if (data.home) queryClient.setQueryData(homeQuery.queryKey, data.home);
  if (data.gallery) {
    const { type, page, answer } = data.gallery;
    queryClient.setQueryData(galleryPageQuery({ kind: 'public' }, type, page).queryKey, answer);
  }
  if (data.events) queryClient.setQueryData(eventsKeys.list, data.events);
  if (data.event) queryClient.setQueryData(eventsKeys.event(data.event.slug, data.event.key), data.event.answer);
  if (data.terms) {
    const key = termsQueryKey(data.terms.language, data.session?.id ?? null);
    queryClient.setQueryData(key, data.terms.answer);
  }
}

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** The prices and dates formatted for the page being rendered: renders run side by side, each with its own. */
const pageIntlTexts = new AsyncLocalStorage<Map<string, string>>();
recordIntlTexts((key, text) => pageIntlTexts.getStore()?.set(key, text));

/**
 * Renders the page whole, in one pass: every page's chunk is loaded first, so nothing suspends and the HTML holds the
 * content itself, never a loading state with a script to swap it in (which the page's CSP would not run anyway).
 */
export function render(input: RenderInput): Promise<RenderResult> {
  return pageIntlTexts.run(new Map(), () => renderPage(input));
}

async function renderPage(input: RenderInput): Promise<RenderResult> {
  await Promise.all([preloadPages(), loadPlaceholderDecoder()]);
  setRenderedSiteName(input.siteName);
  const i18n = createI18n(input.language, input.texts);
  const queryClient = createQueryClient();
  seed(queryClient, input.data);
  const { prelude } = await prerenderToNodeStream(
    <App i18n={i18n} queryClient={queryClient} location={{ path: input.pathname, search: input.search }} />,
    // A large boundary (a page of tiles with their placeholders) would otherwise be sent apart, with a script to
    // move it into place: one piece, in place.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await text(prelude);
  const state: ServerState = {
    language: input.language,
    texts: input.texts,
    answers: renderedAnswers(queryClient),
    intlTexts: Object.fromEntries(pageIntlTexts.getStore() ?? []),
  };
  queryClient.clear();
  return { html, stateScript: serverStateScript(state) };
}
