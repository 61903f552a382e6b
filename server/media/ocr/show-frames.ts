import { seededRandom } from '../../../shared/seeded-random';
import { escapeHtml } from '../../html';
import { sharp } from '../sharp';

/**
 * Made-up show frames for tests and the show-day benchmark: a start number on a saddle pad (and sometimes the same
 * number on a bridle tag), over a textured arena, with what a real frame shows beside it: a sponsor banner with a
 * phone number, an arena or fence sign with a small number, words with digits inside.
 */
export interface ShowFrameOptions {
  /** The start number on the pad, or null for a frame without one (a distractor-only frame). */
  number: string | null;
  width: number;
  height: number;
  /** Chooses the pad's colour, font, tilt, blur and distractors, reproducibly. */
  seed: number;
  /** The pad's width as a share of the frame's (default: drawn from the seed, 0.13–0.22). */
  padShare?: number;
  /** Leave the distractors out (default: drawn from the seed, most frames have two or three). */
  plain?: boolean;
}

/** Frames are drawn at most this wide and scaled up: a 24 MP frame is made in well under a second. */
const DRAWING_WIDTH = 1600;

/** [pad, number] colours: the pads riders wear, light and dark. */
const PAD_COLOURS: Array<[string, string]> = [
  ['#ffffff', '#111111'],
  ['#1b2a5c', '#ffffff'],
  ['#b3202a', '#ffffff'],
  ['#111111', '#f4d03f'],
  ['#1e6b3a', '#ffffff'],
  ['#f4d03f', '#111111'],
  ['#6d1a36', '#f5f5f5'],
  ['#a9cce3', '#14213d'],
];

/** Fonts installed with the system (fc-list): a sans, a serif, a monospace, condensed and narrow faces. */
const FONTS: Array<{ family: string; weight: string; stretch?: string }> = [
  { family: 'DejaVu Sans', weight: 'bold' },
  { family: 'DejaVu Serif', weight: 'bold' },
  { family: 'Liberation Sans', weight: 'bold' },
  { family: 'Liberation Serif', weight: 'bold' },
  { family: 'Liberation Mono', weight: 'bold' },
  { family: 'DejaVu Sans', weight: 'bold', stretch: 'condensed' },
  { family: 'Liberation Sans Narrow', weight: 'bold' },
  { family: 'DejaVu Sans Mono', weight: 'bold' },
];

const SPONSORS = [
  ['EQUI-SHOP', '052-1234567'],
  ['HORSE FEED', '03-9876543'],
  ['STABLE PRO', '+972 54 765 4321'],
  ['SADDLERY', '1-800-555-0199'],
];
const SIGNS = ['ARENA 2', 'FENCE 7', 'RING 3', 'Fence 5', 'ARENA 1', 'GATE 4'];
const WORDS_WITH_DIGITS = ['Arena2', 'A12', '12B', 'K9 Stables', 'Class B3', 'R2D2'];

/** A JPEG of a made-up show frame. */
export async function makeShowFrame(options: ShowFrameOptions): Promise<Buffer> {
  const { width, height, number } = options;
  const random = seededRandom(options.seed * 7919 + 17);
  const between = (low: number, high: number) => low + (high - low) * random();
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;

  const w = Math.min(width, DRAWING_WIDTH);
  const h = Math.round((w * height) / width);
  const parts: string[] = [background(w, h, random, between)];

  const horseX = between(0.3, 0.55) * w;
  const horseY = between(0.45, 0.6) * h;
  const horseColour = pick(['#5b3a1e', '#2f1f12', '#8a5a2b', '#9c9c9c', '#3b2a1d']);
  parts.push(
    `<ellipse cx="${horseX}" cy="${horseY}" rx="${w * 0.26}" ry="${h * 0.17}" fill="${horseColour}"/>`,
    `<rect x="${horseX + w * 0.17}" y="${horseY - h * 0.36}" width="${w * 0.08}" height="${h * 0.3}" rx="${w * 0.03}" fill="${horseColour}" transform="rotate(20 ${horseX + w * 0.2} ${horseY - h * 0.2})"/>`,
  );

  const distractors = options.plain ? 0 : Math.floor(between(1, 4));
  const kinds = ['sponsor', 'sign', 'words'].sort(() => random() - 0.5).slice(0, Math.min(distractors, 3));
  for (const kind of kinds) parts.push(distractor(kind, w, h, random, between, pick));

  if (number !== null) {
    const [padColour, numberColour] = pick(PAD_COLOURS);
    const font = pick(FONTS);
    const padWidth = (options.padShare ?? between(0.13, 0.22)) * w;
    const padHeight = padWidth * between(0.62, 0.8);
    const padX = horseX - padWidth * between(0.3, 0.7);
    const padY = horseY - padHeight * between(0.2, 0.6);
    const tilt = between(-14, 14);
    const fontSize = padHeight * between(0.5, 0.62);
    const fontAttributes = `font-family="${font.family}" font-weight="${font.weight}"${font.stretch ? ` font-stretch="${font.stretch}"` : ''}`;
    parts.push(
      `<g transform="rotate(${tilt.toFixed(1)} ${padX + padWidth / 2} ${padY + padHeight / 2})">`,
      `<rect x="${padX}" y="${padY}" width="${padWidth}" height="${padHeight}" rx="${padWidth * 0.08}" fill="${padColour}" stroke="#00000033" stroke-width="3"/>`,
      `<text x="${padX + padWidth / 2}" y="${padY + padHeight / 2 + fontSize * 0.36}" font-size="${fontSize}" ${fontAttributes} text-anchor="middle" fill="${numberColour}">${escapeHtml(number)}</text>`,
      '</g>',
    );
    if (random() < 0.35) {
      // The same number on a bridle tag, small: a frame may show a rider's number more than once.
      const tagX = horseX + w * 0.2;
      const tagY = horseY - h * 0.22;
      const tagSize = padHeight * 0.3;
      parts.push(
        `<rect x="${tagX}" y="${tagY}" width="${tagSize * 1.8}" height="${tagSize}" fill="#ffffff"/>`,
        `<text x="${tagX + tagSize * 0.9}" y="${tagY + tagSize * 0.75}" font-size="${tagSize * 0.7}" font-family="DejaVu Sans" font-weight="bold" text-anchor="middle" fill="#111111">${escapeHtml(number)}</text>`,
      );
    }
  }

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${parts.join('')}</svg>`;
  const blur = random() < 0.4 ? between(0.6, 1.6) : 0;
  let image = sharp(Buffer.from(svg));
  if (blur) image = image.blur(blur);
  if (w === width) return image.jpeg({ quality: 88 }).toBuffer();
  const drawn = await image.png({ compressionLevel: 0 }).toBuffer();
  return sharp(drawn).resize(width, height, { fit: 'fill' }).jpeg({ quality: 88 }).toBuffer();
}

/** Sand or grass under a sky, a gradient each, with speckles so the detector sees texture, not a flat field. */
function background(w: number, h: number, random: () => number, between: (a: number, b: number) => number): string {
  const ground = random() < 0.5 ? ['#c8a878', '#9c7a4c'] : ['#6a8a4a', '#3f5f2c'];
  const horizon = between(0.25, 0.4) * h;
  const speckles: string[] = [];
  for (let i = 0; i < 140; i++) {
    const shade = Math.floor(between(40, 200));
    speckles.push(
      `<ellipse cx="${between(0, w).toFixed(0)}" cy="${between(horizon, h).toFixed(0)}" rx="${between(2, 18).toFixed(0)}" ry="${between(1, 6).toFixed(0)}" fill="rgb(${shade},${shade - 20},${shade - 40})" fill-opacity="0.35"/>`,
    );
  }
  return [
    '<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fb2e5"/><stop offset="1" stop-color="#d9ecf7"/></linearGradient>',
    `<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ground[0]}"/><stop offset="1" stop-color="${ground[1]}"/></linearGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>`,
    `<rect y="${horizon}" width="${w}" height="${h - horizon}" fill="url(#ground)"/>`,
    ...speckles,
  ].join('');
}

/** A banner, a sign or a lettered board, in a place of the frame away from the middle where the horse is. */
function distractor(
  kind: string,
  w: number,
  h: number,
  random: () => number,
  between: (a: number, b: number) => number,
  pick: <T>(items: T[]) => T,
): string {
  const x = random() < 0.5 ? between(0.02, 0.12) * w : between(0.62, 0.72) * w;
  if (kind === 'sponsor') {
    const [name, phone] = pick(SPONSORS);
    const y = between(0.02, 0.05) * h;
    const size = between(0.028, 0.04) * h;
    return `<rect x="${x}" y="${y}" width="${w * 0.3}" height="${size * 2.6}" fill="#0d47a1"/><text x="${x + size * 0.4}" y="${y + size * 1.15}" font-size="${size}" font-family="Liberation Sans" font-weight="bold" fill="#ffffff">${escapeHtml(name as string)}</text><text x="${x + size * 0.4}" y="${y + size * 2.3}" font-size="${size}" font-family="DejaVu Sans" fill="#ffeb3b">${escapeHtml(phone as string)}</text>`;
  }
  if (kind === 'sign') {
    // Left of the horse's head and above its back, so the bridle tag never lands on the sign.
    const signX = between(0.02, 0.1) * w;
    const y = between(0.16, 0.2) * h;
    if (random() < 0.3) {
      // A fence plate: a number on its own, small, far from the camera.
      const size = between(0.018, 0.026) * h;
      return `<rect x="${signX}" y="${y}" width="${size * 1.6}" height="${size * 1.4}" fill="#fafafa"/><text x="${signX + size * 0.8}" y="${y + size * 1.05}" font-size="${size}" font-family="DejaVu Sans" font-weight="bold" text-anchor="middle" fill="#c62828">${Math.floor(between(1, 10))}</text>`;
    }
    const size = between(0.035, 0.06) * h;
    return `<rect x="${signX}" y="${y}" width="${size * 5.2}" height="${size * 1.5}" fill="#fafafa" stroke="#333" stroke-width="2"/><text x="${signX + size * 0.3}" y="${y + size * 1.1}" font-size="${size}" font-family="DejaVu Sans" font-weight="bold" fill="#c62828">${escapeHtml(pick(SIGNS))}</text>`;
  }
  const y = between(0.8, 0.9) * h;
  const size = between(0.035, 0.055) * h;
  return `<rect x="${x}" y="${y}" width="${size * 6}" height="${size * 1.5}" fill="#263238"/><text x="${x + size * 0.3}" y="${y + size * 1.1}" font-size="${size}" font-family="Liberation Sans" font-weight="bold" fill="#ffffff">${escapeHtml(pick(WORDS_WITH_DIGITS))}</text>`;
}
