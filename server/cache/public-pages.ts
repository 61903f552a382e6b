import { EVENT_ENTRIES_TOPIC } from '../services/events/events';
import { GALLERY_TOPIC } from '../services/galleries/gallery-service';
import { createAnswerCache } from './answer-cache';
import type { ChangeFeed } from './change-feed';

/** The change feed's topic for "what a public page shows may have changed": a write by the photographer. */
export const PUBLIC_PAGES_TOPIC = 'public-pages';

/** What a kept page is sent with besides its bytes. */
export interface PageMeta {
  status: number;
  indexable: boolean;
}

/**
 * The server-rendered pages of visitors who are not signed in, kept as the bytes sent (and their compressed forms)
 * per language and URL: such a page is the same for every one of them, so a crowd costs one rendering per page, not
 * one per visitor.
 *
 * A kept page is dropped, on every instance, as soon as anything it may show changes: an announced gallery change
 * (an item ready, deleted, moved, reordered: every public page shows the gallery, the home page's picks or an
 * event's photos), an event's entries, and any successful write by the photographer (announced by
 * server/plugins/page-cache.ts). Such writes are rare, so everything is dropped at once rather than tracking which
 * page shows what. A page being made across a change is handed to the requests that waited for it but never kept
 * (the answer cache's generations).
 */
export function createPublicPageCache(changes: Pick<ChangeFeed, 'subscribe'>) {
  const pages = createAnswerCache<PageMeta>({ maxBytes: 32 * 1024 * 1024 });
  for (const topic of [GALLERY_TOPIC, EVENT_ENTRIES_TOPIC, PUBLIC_PAGES_TOPIC]) {
    changes.subscribe(topic, () => pages.clear());
  }
  return pages;
}

export type PublicPageCache = ReturnType<typeof createPublicPageCache>;
