/** One entry of the page-number row: a page number, or a gap standing for the pages left out. */
export type PageEntry = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/**
 * The page buttons to show: none for a single page; every page when there are few; otherwise the first and last
 * pages, the current one and its neighbours, with gaps between. Always at most 9 entries, so the row fits a phone.
 */
export function pageEntries(current: number, pageCount: number): PageEntry[] {
  if (pageCount <= 1) return [];
  const page = (n: number): PageEntry => ({ kind: 'page', page: n });
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => page(i + 1));
  const from = Math.max(2, Math.min(current - 1, pageCount - 4));
  const to = Math.min(pageCount - 1, Math.max(current + 1, 5));
  const entries: PageEntry[] = [page(1)];
  if (from > 2) entries.push({ kind: 'gap', key: 'start' });
  for (let n = from; n <= to; n++) entries.push(page(n));
  if (to < pageCount - 1) entries.push({ kind: 'gap', key: 'end' });
  entries.push(page(pageCount));
  return entries;
}
