import type { MediaView } from '../../../shared/schemas/media';

/**
 * Whether the browser says it has no network: every download comes from the server, so the download buttons start
 * nothing then and say a connection is needed, rather than "started" over a download that cannot be.
 */
export function downloadNeedsConnection(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Where one item is served as an attachment (application/octet-stream, RFC 6266 file name). */
export function downloadUrl(item: Pick<MediaView, 'id'>): string {
  return `/api/media/${encodeURIComponent(item.id)}/download`;
}

/** The folder's ZIP: stored entries, Content-Length, and a name of the site, the client and the day. */
export const ARCHIVE_URL = '/api/me/gallery/archive';

/** Saves `href` under `name` through a temporary <a download>: the fallback that works everywhere. */
export function saveWithAnchor(href: string, name: string): void {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = name;
  anchor.rel = 'noopener';
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  saveWithAnchor(url, name);
  // The click has started the save; the URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * A video through a hidden iframe: the server's attachment answer makes it a download without leaving the page and
 * without holding a large file in memory. If the page's policy refuses the frame, the anchor takes over.
 */
function saveWithIframe(href: string, name: string): void {
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.title = name;
  const absolute = new URL(href, location.href).href;
  const onViolation = (event: SecurityPolicyViolationEvent) => {
    if (event.blockedURI === absolute || event.blockedURI === new URL(href, location.href).origin) {
      document.removeEventListener('securitypolicyviolation', onViolation);
      saveWithAnchor(href, name);
    }
  };
  document.addEventListener('securitypolicyviolation', onViolation);
  frame.src = href;
  document.body.append(frame);
  setTimeout(() => {
    document.removeEventListener('securitypolicyviolation', onViolation);
    frame.remove();
  }, 60_000);
}

/**
 * Above this size a file is never read into the page's memory (a phone would run out with a long video): the
 * browser's own download takes it and streams it to disk.
 */
export const LARGEST_FILE_IN_MEMORY = 32 * 1024 * 1024;

/**
 * Downloads one item as an attachment: a video by a hidden iframe; an image by fetch, so the page learns whether it
 * worked, saved from a blob when it is small, and handed to the browser's own download (a plain anchor) when its
 * Content-Length says it is large, before its body is read; when fetching is impossible, by a plain anchor. Throws
 * when the server refuses.
 */
export async function downloadItem(item: Pick<MediaView, 'id' | 'kind' | 'name'>): Promise<void> {
  const href = downloadUrl(item);
  if (item.kind === 'video') {
    saveWithIframe(href, item.name);
    return;
  }
  let response: Response;
  try {
    response = await fetch(href, { credentials: 'same-origin' });
  } catch {
    // The fetch itself could not run here (a blocked or unusual context): let the browser try the plain way.
    saveWithAnchor(href, item.name);
    return;
  }
  // A refusal is an answer, not a file: saving it would store an error page under the photo's name.
  if (!response.ok) throw new Error(`download failed with ${response.status}`);
  const name = fileNameFromDisposition(response.headers.get('content-disposition'), item.name);
  if (Number(response.headers.get('content-length')) > LARGEST_FILE_IN_MEMORY) {
    await response.body?.cancel();
    saveWithAnchor(href, name);
    return;
  }
  saveBlob(await response.blob(), name);
}

/** The name in a Content-Disposition header (`filename*` first, as RFC 6266 prefers), or `fallback`. */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/**
 * "Download all": the archive goes to the browser's own download by a plain anchor, so it streams to disk with the
 * browser's progress and never passes through the page's memory. The server names it (Content-Disposition); the page
 * offers it only for a gallery that has something in it, since the server refuses an empty one.
 */
export function downloadArchive(): void {
  saveWithAnchor(ARCHIVE_URL, '');
}
