/** The name the server render uses, where there is no document to read it from (set by web/entry-server.tsx). */
let renderedSiteName = '';

export function setRenderedSiteName(name: string): void {
  renderedSiteName = name;
}

/** The site's name, written by the server into a meta tag of the page (from SITE_NAME). */
export function siteName(): string {
  if (typeof document === 'undefined') return renderedSiteName;
  return document.querySelector('meta[name="site-name"]')?.getAttribute('content') ?? '';
}
