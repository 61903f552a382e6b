/** The site's name, written by the server into a meta tag of the page (from SITE_NAME). */
export function siteName(): string {
  return document.querySelector('meta[name="site-name"]')?.getAttribute('content') ?? '';
}
