import { execFile } from 'node:child_process';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { MediaError } from './media-error';

const run = promisify(execFile);

export interface VideoTools {
  ffmpeg: string;
  ffprobe: string;
}

let detected: Promise<VideoTools | null> | undefined;

/**
 * Finds ffmpeg and ffprobe on the PATH once per process (FFMPEG_PATH / FFPROBE_PATH are not needed: Debian's
 * packages install both). Null when either is missing: videos are then kept with a generic poster.
 */
export function detectVideoTools(): Promise<VideoTools | null> {
  detected ??= (async () => {
    try {
      await run('ffmpeg', ['-hide_banner', '-version'], { timeout: 60_000 });
      await run('ffprobe', ['-hide_banner', '-version'], { timeout: 60_000 });
      return { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' };
    } catch {
      return null;
    }
  })();
  return detected;
}

export interface VideoProbe {
  /** Displayed size (after rotation). */
  width: number;
  height: number;
  duration: number | null;
  videoCodec: string;
  audioCodec: string | null;
  /** The container's format names as ffprobe reports them, e.g. "mov,mp4,m4a,3gp,3g2,mj2". */
  container: string;
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  tags?: { rotate?: string };
  side_data_list?: Array<{ rotation?: number }>;
}

/** Reads duration, size, rotation and codecs with ffprobe. Throws MediaError('video-unreadable') when it cannot. */
export async function probeVideo(tools: VideoTools, localPath: string): Promise<VideoProbe> {
  let output: string;
  try {
    const result = await run(
      tools.ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', localPath],
      { timeout: 60_000, maxBuffer: 8 * 1024 * 1024 },
    );
    output = result.stdout;
  } catch {
    throw new MediaError('video-unreadable');
  }
  const parsed = JSON.parse(output) as {
    streams?: FfprobeStream[];
    format?: { duration?: string; format_name?: string };
  };
  const video = parsed.streams?.find((stream) => stream.codec_type === 'video');
  const audio = parsed.streams?.find((stream) => stream.codec_type === 'audio');
  if (!video?.width || !video.height) throw new MediaError('video-unreadable');
  const rotation = Number(
    video.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0,
  );
  const quarterTurn = Math.abs(rotation) % 180 === 90;
  const duration = Number(parsed.format?.duration);
  return {
    width: quarterTurn ? video.height : video.width,
    height: quarterTurn ? video.width : video.height,
    duration: Number.isFinite(duration) ? duration : null,
    videoCodec: video.codec_name ?? 'unknown',
    audioCodec: audio?.codec_name ?? null,
    container: parsed.format?.format_name ?? '',
  };
}

/**
 * Writes one frame (a second in, or a third of a short clip) as PNG, already rotated as the video is shown, and
 * returns its path. ffmpeg applies the rotation metadata itself.
 */
export async function extractPoster(tools: VideoTools, localPath: string, probe: VideoProbe, workDir: string) {
  const at = probe.duration ? Math.min(1, probe.duration / 3) : 0;
  const poster = path.join(workDir, 'poster.png');
  try {
    await run(
      tools.ffmpeg,
      ['-v', 'error', '-y', '-ss', at.toFixed(3), '-i', localPath, '-frames:v', '1', '-f', 'image2', poster],
      { timeout: 120_000 },
    );
    await fsp.access(poster);
  } catch {
    throw new MediaError('video-unreadable');
  }
  return poster;
}

/** The grid's looping clip: small enough that a page of tiles costs less than one original. */
export const PREVIEW = { width: 480, seconds: 4, crf: 30 } as const;

/**
 * Makes the short, silent, small H.264 clip a gallery tile loops, so the grid never streams an original (a
 * competition video can be hundreds of megabytes); the lightbox plays the full video. Scaled down only, never up.
 */
export async function makePreviewClip(tools: VideoTools, localPath: string, workDir: string): Promise<string> {
  const output = path.join(workDir, 'preview.mp4');
  const streams = ['-t', String(PREVIEW.seconds), '-map', '0:v:0', '-an'];
  const scale = ['-vf', `scale='min(${PREVIEW.width},iw)':-2`];
  await encodeWebMp4(tools, localPath, [...streams, ...scale, ...h264(PREVIEW.crf)], output, 10 * 60_000);
  return output;
}

/** Codecs every current browser plays in the container we serve them in. */
const PLAYABLE_VIDEO = new Set(['h264', 'vp8', 'vp9', 'av1']);
const PLAYABLE_AUDIO = new Set(['aac', 'mp3', 'opus', 'vorbis']);

/**
 * Whether a video needs a browser-playable copy: AVI and MKV always (browsers do not play those containers), and
 * any container whose codecs browsers do not all play (HEVC in MOV, for one). MOV with H.264 gets a remuxed MP4.
 */
export function needsPlayableCopy(contentType: string, probe: VideoProbe): boolean {
  if (contentType === 'video/x-msvideo' || contentType === 'video/x-matroska' || contentType === 'video/quicktime') {
    return true;
  }
  const audioOk = probe.audioCodec === null || PLAYABLE_AUDIO.has(probe.audioCodec);
  return !PLAYABLE_VIDEO.has(probe.videoCodec) || !audioOk;
}

/**
 * Makes an H.264/AAC MP4 with the index at the front (faststart), so playback starts before the download ends.
 * When the streams are already H.264 and AAC only the container changes, which takes a moment instead of minutes.
 */
export async function makePlayableMp4(tools: VideoTools, localPath: string, probe: VideoProbe, workDir: string) {
  const output = path.join(workDir, 'playable.mp4');
  const copyVideo = probe.videoCodec === 'h264';
  const copyAudio = probe.audioCodec === null || probe.audioCodec === 'aac';
  const streams = ['-map', '0:v:0', '-map', '0:a:0?'];
  const video = copyVideo ? ['-c:v', 'copy'] : h264(23);
  const audio = copyAudio ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '160k'];
  await encodeWebMp4(tools, localPath, [...streams, ...video, ...audio], output, 60 * 60_000);
  return output;
}

/** libx264 at a quality level, in the pixel format every browser decodes. */
export function h264(crf: number): string[] {
  return ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', String(crf), '-pix_fmt', 'yuv420p'];
}

/**
 * Writes an MP4 with the index at the front (faststart), so playback starts before the download ends. A video
 * ffmpeg cannot read or write is refused for good (video-unreadable), not retried.
 */
export async function encodeWebMp4(
  tools: VideoTools,
  input: string,
  encoding: string[],
  output: string,
  timeoutMs: number,
): Promise<void> {
  try {
    await run(tools.ffmpeg, ['-v', 'error', '-y', '-i', input, ...encoding, '-movflags', '+faststart', output], {
      timeout: timeoutMs,
    });
  } catch {
    throw new MediaError('video-unreadable');
  }
}
