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
