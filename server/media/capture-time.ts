import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import exifReader from 'exif-reader';
import { sharp } from './sharp';
import { sniffMediaType } from './sniff';
import { detectVideoTools } from './video';

const run = promisify(execFile);

/** When and with what a photo or video was taken, as the file itself says. */
export interface CaptureInfo {
  /**
   * The moment, when the file says it exactly: a photo with `OffsetTimeOriginal`, or a video (its creation time is
   * UTC). Null when only the camera's wall clock is known.
   */
  at: Date | null;
  /** The camera's wall-clock time, `YYYY-MM-DDTHH:MM:SS`, when the file gives no offset: read in the event's zone. */
  localTime: string | null;
  /** Make, model and serial number where present: one clock per physical camera. */
  camera: string | null;
}

const NOTHING: CaptureInfo = { at: null, localTime: null, camera: null };

/** The capture time and camera of an upload: EXIF `DateTimeOriginal` (+ `OffsetTimeOriginal`) or a video's creation time. */
export async function readCaptureInfo(localPath: string): Promise<CaptureInfo> {
  try {
    const sniffed = await sniffMediaType(localPath);
    if (!sniffed) return NOTHING;
    return sniffed.isVideo ? await videoCapture(localPath) : await photoCapture(localPath);
  } catch {
    // A file without readable metadata is simply not placed automatically; the photographer can place it by hand.
    return NOTHING;
  }
}

async function photoCapture(localPath: string): Promise<CaptureInfo> {
  const { exif } = await sharp(localPath).metadata();
  if (!exif) return NOTHING;
  const tags = exifReader(exif);
  // exif-reader reads the wall-clock fields as if they were UTC: their ISO form is the camera's local time.
  const original = tags.Photo?.DateTimeOriginal;
  const camera = [tags.Image?.Make, tags.Image?.Model, tags.Photo?.BodySerialNumber]
    .map((part) => (typeof part === 'string' ? part.replace(/\0/g, '').trim() : ''))
    .filter(Boolean)
    .join(' ');
  if (!(original instanceof Date) || Number.isNaN(original.getTime())) {
    return { ...NOTHING, camera: camera || null };
  }
  const localTime = original.toISOString().slice(0, 19);
  const offset = parseOffset(tags.Photo?.OffsetTimeOriginal);
  return {
    at: offset === null ? null : new Date(original.getTime() - offset * 60_000),
    localTime: offset === null ? localTime : null,
    camera: camera || null,
  };
}

/** "+02:00" → 120 (minutes east of UTC); null for anything else. */
export function parseOffset(value: unknown): number | null {
  const match = typeof value === 'string' ? /^([+-])(\d{2}):(\d{2})$/.exec(value.trim()) : null;
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

async function videoCapture(localPath: string): Promise<CaptureInfo> {
  const tools = await detectVideoTools();
  if (!tools) return NOTHING;
  const { stdout } = await run(
    tools.ffprobe,
    ['-v', 'error', '-show_entries', 'format_tags=creation_time,com.apple.quicktime.model', '-of', 'json', localPath],
    { timeout: 60_000 },
  );
  const tags = (JSON.parse(stdout) as { format?: { tags?: Record<string, string> } }).format?.tags ?? {};
  const at = tags.creation_time ? new Date(tags.creation_time) : null;
  return {
    at: at && !Number.isNaN(at.getTime()) ? at : null,
    localTime: null,
    camera: tags['com.apple.quicktime.model'] ?? null,
  };
}
