import { useRef } from 'react';
import { thumbHashToDataURL } from 'thumbhash';

const cache = new Map<string, string>();

/** Turns a base64 ThumbHash into a tiny data: URL (a blurred preview), once per hash. */
export function placeholderUrl(hash: string | null): string | undefined {
  if (!hash) return undefined;
  const cached = cache.get(hash);
  if (cached) return cached;
  try {
    const bytes = Uint8Array.from(atob(hash), (c) => c.charCodeAt(0));
    const url = thumbHashToDataURL(bytes);
    cache.set(hash, url);
    return url;
  } catch {
    return undefined;
  }
}

let hydrating = false;

/** Marks the time until `hydrated` settles as the hydration of a page the server rendered (web/main.tsx). */
export function hydratingServerPage(hydrated: Promise<unknown>): void {
  hydrating = true;
  void hydrated.finally(() => {
    hydrating = false;
  });
}

/**
 * The preview of `hash` for an element's background. An element the server rendered already shows it, and hydration
 * leaves its style as it is: decoding every preview again (sixty on a gallery page) was one of the longest parts of
 * such a page's start, so there it is decoded only once the element shows another picture.
 */
export function usePlaceholderUrl(hash: string | null): string | undefined {
  const drawnByServer = useRef(hydrating ? hash : undefined);
  if (drawnByServer.current !== hash) drawnByServer.current = undefined;
  return drawnByServer.current === undefined ? placeholderUrl(hash) : undefined;
}
