/**
 * A page's title as tabs, history and search results show it: "<page> · <site>", and the site's name alone where the
 * page has no title of its own (the home page). The server writes it into the page's head; the app sets it again as
 * the visitor moves from page to page, so both must agree.
 */
export function documentTitle(pageTitle: string | null, siteName: string): string {
  return pageTitle ? `${pageTitle} · ${siteName}` : siteName;
}
