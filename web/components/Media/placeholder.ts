import { useEffect, useRef, useSyncExternalStore } from 'react';

type Decode = (hash: Uint8Array) => string;

/** The ThumbHash decoder, once loaded: its own chunk, so a page whose previews the server drew never loads it. */
let decode: Decode | undefined;
let loading: Promise<void> | undefined;
const decoderListeners = new Set<() => void>();

/** Loads the decoder once. The server renderer awaits it before rendering; the browser loads it when first needed. */
export function loadPlaceholderDecoder(): Promise<void> {
  loading ??= import('./preview-png').then(
    (module) => {
      decode = module.previewDataUrl;
      for (const listener of decoderListeners) listener();
    },
    (error: unknown) => {
      // Offline, with the chunk never fetched: no preview now (the plain surface shows); the next need tries again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const cache = new Map<string, string>();

/**
 * Turns a base64 ThumbHash into a tiny data: URL (a blurred preview), once per hash; undefined until the decoder has
 * loaded (loadPlaceholderDecoder).
 */
export function placeholderUrl(hash: string | null): string | undefined {
  if (!hash || !decode) return undefined;
  const cached = cache.get(hash);
  if (cached) return cached;
  try {
    const bytes = Uint8Array.from(atob(hash), (c) => c.charCodeAt(0));
    const url = decode(bytes);
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

function onDecoderLoaded(listener: () => void): () => void {
  decoderListeners.add(listener);
  return () => decoderListeners.delete(listener);
}
const decoderLoaded = () => decode !== undefined;

/**
 * The preview of `hash` for an element's background. An element the server rendered already shows it, and hydration
 * leaves its style as it is: decoding every preview again (sixty on a gallery page) was one of the longest parts of
 * such a page's start, so there it is decoded only once the element shows another picture. Elsewhere the decoder is
 * loaded on first need, and the element draws the preview once it has arrived.
 */
export function usePlaceholderUrl(hash: string | null): string | undefined {
  const drawnByServer = useRef(hydrating ? hash : undefined);
  if (drawnByServer.current !== hash) drawnByServer.current = undefined;
  const wanted = drawnByServer.current === undefined ? hash : null;
  const canDecode = useSyncExternalStore(onDecoderLoaded, decoderLoaded, decoderLoaded);
  useEffect(() => {
    if (wanted && !canDecode) loadPlaceholderDecoder().catch(() => undefined);
  }, [wanted, canDecode]);
  return canDecode ? placeholderUrl(wanted) : undefined;
}
