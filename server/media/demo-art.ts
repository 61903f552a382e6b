import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { seededRandom } from '../../shared/seeded-random';
import { sharp } from './sharp';
import { detectVideoTools } from './video';

const run = promisify(execFile);

/** Warm arena and stage colours: sand, amber, terracotta, burgundy, dusk. */
const PALETTES = [
  ['#2a1a14', '#8c3b22', '#e08a3c', '#f6d29a'],
  ['#1b1526', '#5b2a45', '#c8553d', '#f2b880'],
  ['#14202b', '#3d4f5c', '#c9a66b', '#f4e1c1'],
  ['#2b1d0e', '#6b4226', '#d9a05b', '#fbe7c6'],
  ['#1e0f12', '#7a1f2b', '#d6683f', '#f7c59f'],
  ['#101820', '#2c3e50', '#e3a857', '#fde8c8'],
  ['#24160f', '#a0522d', '#e9b872', '#fff1d6'],
];

/** Varied sizes and aspect ratios, a third of them portrait. */
export const DEMO_IMAGE_SIZES: Array<[number, number]> = [
  [2400, 1600],
  [1600, 2400],
  [1920, 1080],
  [1200, 1800],
  [2000, 1333],
  [1080, 1350],
  [2400, 1350],
  [1500, 1500],
  [1800, 1200],
  [1350, 2000],
  [2200, 1467],
  [1280, 1920],
  [1600, 1067],
  [2048, 1365],
];

/**
 * An abstract "photo": a dusk sky over a sand arena, stage spotlights and soft out-of-focus lights, drawn small as
 * SVG, enlarged (gradients enlarge without harm) and given a fine film grain so it reads as a photograph.
 */
function sceneSvg(index: number, width: number, height: number): string {
  const rand = seededRandom(index * 7919 + 17);
  const [deep, mid, warm, light] = PALETTES[index % PALETTES.length] ?? ['#000', '#333', '#999', '#fff'];
  const horizon = Math.round(height * (0.45 + rand() * 0.25));
  const lights = Array.from({ length: 3 + Math.floor(rand() * 3) }, (_, i) => {
    const x = Math.round(width * (0.1 + rand() * 0.8));
    const spread = Math.round(width * (0.08 + rand() * 0.12));
    return `<path d="M${x} 0 L${x - spread} ${horizon} L${x + spread} ${horizon} Z" fill="url(#beam)" opacity="${(0.25 + rand() * 0.35).toFixed(2)}" data-i="${i}"/>`;
  }).join('');
  const bokeh = Array.from({ length: 14 + Math.floor(rand() * 12) }, () => {
    const r = Math.round(Math.min(width, height) * (0.01 + rand() * 0.05));
    const cx = Math.round(rand() * width);
    const cy = Math.round(rand() * horizon * 1.1);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${rand() > 0.5 ? light : warm}" opacity="${(0.15 + rand() * 0.4).toFixed(2)}"/>`;
  }).join('');
  const fence = Array.from({ length: 24 }, (_, i) => {
    const x = Math.round((i / 23) * width);
    return `<rect x="${x}" y="${horizon - height * 0.05}" width="${Math.max(2, width * 0.006)}" height="${height * 0.05}" fill="${deep}" opacity="0.55"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${deep}"/><stop offset="0.65" stop-color="${mid}"/><stop offset="1" stop-color="${warm}"/>
    </linearGradient>
    <linearGradient id="sand" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${warm}"/><stop offset="1" stop-color="${deep}"/>
    </linearGradient>
    <linearGradient id="beam" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${light}" stop-opacity="0.9"/><stop offset="1" stop-color="${light}" stop-opacity="0"/>
    </linearGradient>
    <radialGradient id="glow" cx="${(0.3 + rand() * 0.4).toFixed(2)}" cy="${(horizon / height).toFixed(2)}" r="0.6">
      <stop offset="0" stop-color="${light}" stop-opacity="0.55"/><stop offset="1" stop-color="${light}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <rect width="${width}" height="${height}" fill="url(#glow)"/>
  ${lights}${bokeh}
  <rect y="${horizon}" width="${width}" height="${height - horizon}" fill="url(#sand)"/>
  ${fence}
</svg>`;
}

/** Writes demo image `index` (0-based) as a JPEG at `file`, at the given size. */
export async function renderDemoImage(index: number, width: number, height: number, file: string): Promise<void> {
  const scale = 4;
  const small = Buffer.from(sceneSvg(index, Math.round(width / scale), Math.round(height / scale)));
  const base = await sharp(small).resize(width, height, { kernel: 'cubic' }).blur(1.2).toBuffer();
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 18 } },
  })
    .raw()
    .toBuffer();
  await sharp(base)
    .composite([{ input: grain, raw: { width, height, channels: 3 }, blend: 'soft-light' }])
    .jpeg({ quality: 88 })
    .toFile(file);
}

/** Encodes a synthetic clip from an ffmpeg lavfi source as a phone export would be: H.264, no sound, faststart. */
export async function encodeLavfiClip(ffmpeg: string, source: string, file: string): Promise<void> {
  const encode = ['-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26'];
  await run(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', source, ...encode, '-movflags', '+faststart', file], {
    timeout: 120_000,
  });
}

/**
 * Four seconds of a slowly sweeping warm light (960×540 H.264, no sound, faststart), or null without ffmpeg.
 */
export async function renderDemoVideo(dir: string): Promise<string | null> {
  const tools = await detectVideoTools();
  if (!tools) return null;
  const file = path.join(dir, 'demo-arena-lights.mp4');
  const source = 'gradients=s=960x540:r=25:d=4:n=4:c0=#2a1a14:c1=#8c3b22:c2=#e08a3c:c3=#f6d29a:speed=0.03:seed=7';
  await encodeLavfiClip(tools.ffmpeg, source, file);
  return file;
}
