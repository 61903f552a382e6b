/**
 * Prices and dates as Intl writes them, with a way for the browser to start from the server's.
 *
 * A browser's first Intl.NumberFormat, and its first Intl.DateTimeFormat, each cost a phone tens of milliseconds
 * (the locale's data loads), and hydrating a page the server rendered formats every price and date on it again, in
 * the middle of the page's start. So the server notes each text it formats for a page (web/entry-server.tsx), the
 * page carries them (web/server-state.ts), and the browser finds them here while it hydrates: Intl runs in the
 * browser only for a text the server did not write. The two always agree, as hydration needs them to.
 */

/** Where the server notes the texts formatted for the page it is rendering. */
type Recorder = (key: string, text: string) => void;

const fromServer = new Map<string, string>();
let record: Recorder | undefined;

/** On the server: notes every text formatted from now on with `recorder`. */
export function recordIntlTexts(recorder: Recorder): void {
  record = recorder;
}

/** In the browser: the texts the server formatted for this page, before the page hydrates. */
export function adoptServerIntlTexts(texts: Record<string, string>): void {
  for (const [key, text] of Object.entries(texts)) fromServer.set(key, text);
}

/**
 * The text `format` makes, known by `key`, which names everything the text depends on (what is formatted, how, and
 * the locale).
 */
export function intlText(key: string, format: () => string): string {
  const text = fromServer.get(key) ?? format();
  record?.(key, text);
  return text;
}
