import fs from 'node:fs';
import path from 'node:path';
import { UPLOAD_PATH } from '../server/uploads/tus-uploads';

/**
 * What the show-day benchmark does to the site, as the photographer's tools and a rider's phone do it: tus uploads
 * with the admin's session, an event with its start list, the public search, and the files the pipeline stored.
 */

/**
 * `frame` with a comment segment (JPEG COM) carrying `tag` right after its start marker: distinct bytes for every
 * upload without decoding or re-encoding 24 MP (the bench must not take the server's CPU).
 */
export function withComment(frame: Buffer, tag: string): Buffer {
  const text = Buffer.from(tag, 'utf8');
  const segment = Buffer.alloc(4 + text.length);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(2 + text.length, 2);
  text.copy(segment, 4);
  return Buffer.concat([frame.subarray(0, 2), segment, frame.subarray(2)]);
}

/** One tus upload (creation, then the whole file in one PATCH); answers the stored item's id when the 204 came. */
export async function tusUpload(
  url: string,
  headers: Record<string, string>,
  bytes: Buffer,
  metadata: Record<string, string>,
): Promise<string> {
  const encoded = Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
  const created = await fetch(`${url}${UPLOAD_PATH}`, {
    method: 'POST',
    headers: {
      ...headers,
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': encoded,
    },
  });
  const location = created.headers.get('location');
  if (created.status !== 201 || !location)
    throw new Error(`creation failed: ${created.status} ${await created.text()}`);
  const patched = await fetch(new URL(location, url), {
    method: 'PATCH',
    headers: {
      ...headers,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    // A copy typed as fetch wants it (a Buffer's memory may be shared).
    body: new Uint8Array(bytes),
  });
  if (patched.status !== 204) throw new Error(`upload failed: ${patched.status} ${await patched.text()}`);
  const id = patched.headers.get('x-media-id');
  if (!id) throw new Error('the upload answered no media id');
  return id;
}

/** Creates the event `slug` and its start list (every number, a rider each); answers the event's id. */
export async function createShowEvent(
  url: string,
  headers: Record<string, string>,
  slug: string,
  numbers: string[],
): Promise<string> {
  const json = { ...headers, 'content-type': 'application/json' };
  const body = { name: 'Show Day', date: '2026-05-14', slug, venue: 'Kfar Hess', visibility: 'public' };
  const created = await fetch(`${url}/api/admin/events`, { method: 'POST', headers: json, body: JSON.stringify(body) });
  if (created.status !== 201) throw new Error(`event not created: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  // Rider, class and start time too, which the start list of today requires; no frame carries a capture time, so
  // only the numbers read can place a photo.
  const lines = numbers.map((number, i) => {
    const minutes = 9 * 60 + i * 2;
    const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    return `${number},Rider ${number},Horse ${number},1.10,${time}`;
  });
  const csv = ['number,rider,horse,class,start time', ...lines].join('\r\n');
  const list = await fetch(`${url}/api/admin/events/${id}/start-list`, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'text/csv' },
    body: csv,
  });
  if (!list.ok) throw new Error(`start list refused: ${list.status} ${await list.text()}`);
  return id;
}

interface SearchEntry {
  id: string;
  number: string;
  items: Array<{ id: string; image: { src: string } }>;
  photoCount: number;
}

/**
 * What the public search shows for `number`, as a rider searching it would see: each entry it answers, with the ids
 * of its photos that show their proof (the ride's first proofs, then all of them when it has more).
 */
export async function shownUnder(
  url: string,
  slug: string,
  number: string,
): Promise<Array<{ number: string; ids: string[] }>> {
  const res = await fetch(`${url}/api/events/${slug}/search?q=${encodeURIComponent(number)}`);
  if (!res.ok) return [];
  const { entries } = (await res.json()) as { entries: SearchEntry[] };
  const shown: Array<{ number: string; ids: string[] }> = [];
  for (const entry of entries) {
    let items = entry.items;
    if (entry.photoCount > items.length) {
      const all = await fetch(`${url}/api/events/${slug}/entries/${entry.id}/photos`);
      items = all.ok ? ((await all.json()) as { items: SearchEntry['items'] }).items : items;
    }
    shown.push({ number: entry.number, ids: items.filter((item) => item.image.src !== '').map((item) => item.id) });
  }
  return shown;
}

/** The numbers under which searching `number` shows `mediaId` with its proof. */
export async function foundUnder(url: string, slug: string, number: string, mediaId: string): Promise<string[]> {
  return (await shownUnder(url, slug, number))
    .filter((entry) => entry.ids.includes(mediaId))
    .map((entry) => entry.number);
}

/** Whether the pipeline stored a file of `mediaId` whose name passes `test` (disk storage under DATA_DIR/media). */
export function storedDerivative(dataDir: string, mediaId: string, test: (name: string) => boolean): boolean {
  try {
    return fs.readdirSync(path.join(dataDir, 'media', '_derived', mediaId)).some(test);
  } catch {
    return false;
  }
}

/** The `readMs` of every "start numbers read" line the server logged (JSON lines at LOG_LEVEL=info). */
export function readingTimes(log: string): number[] {
  return log.split('\n').flatMap((line) => {
    if (!line.includes('start numbers read')) return [];
    try {
      const entry = JSON.parse(line) as { readMs?: number };
      return typeof entry.readMs === 'number' ? [entry.readMs] : [];
    } catch {
      return [];
    }
  });
}
