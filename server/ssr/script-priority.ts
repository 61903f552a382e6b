/**
 * A server-rendered page reads and shows its pictures before any script runs; its scripts only hydrate it. Fetched at
 * the high priority module scripts get by default, the ~115 KB of them took the connections and the bandwidth ahead
 * of the stylesheets, the fonts and the first view's largest picture, and so held back its first paint. Marked
 * `fetchpriority="low"`, they are fetched after what paints the page. Only for pages the server rendered: a page the
 * browser renders shows nothing until its scripts have run.
 */
export function lowerScriptPriority(html: string): string {
  return html.replace(
    /<(script type="module"|link rel="modulepreload")(?![^>]*\bfetchpriority=)/g,
    '<$1 fetchpriority="low"',
  );
}
