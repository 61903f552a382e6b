import type { MediaView } from '../../../shared/schemas/media';

/** Where one item is served as an attachment (application/octet-stream, RFC 6266 file name). */
export function downloadUrl(item: Pick<MediaView, 'id'>): string {
  return `/api/media/${encodeURIComponent(item.id)}/download`;
}

/** The folder's ZIP (stored entries, Content-Length when known). */
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
 * Downloads one item as an attachment: an image by blob, so the page learns whether it worked; a video by
 * a hidden iframe; and when fetching is impossible, by a plain anchor. Throws when the server refuses.
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
  saveBlob(await response.blob(), item.name);
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

export interface ArchiveProgress {
  received: number;
  /** From Content-Length; null when the server could not know it in advance. */
  total: number | null;
}

/**
 * Downloads the whole folder as one ZIP, reporting bytes received of the total as they arrive, then saves it.
 * Throws when the server refuses or the connection drops, so the caller can say so.
 */
export async function downloadArchive(onProgress: (progress: ArchiveProgress) => void, signal?: AbortSignal) {
  const response = await fetch(ARCHIVE_URL, { credentials: 'same-origin', signal });
  if (!response.ok || !response.body) throw new Error(`archive failed with ${response.status}`);
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress({ received, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress({ received, total });
  }
  const name = fileNameFromDisposition(response.headers.get('content-disposition'), 'gallery.zip');
  saveBlob(new Blob(chunks as BlobPart[], { type: 'application/zip' }), name);
}
