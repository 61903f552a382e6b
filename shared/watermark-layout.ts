/**
 * Where a watermark's marks go on a picture of a given size: the one rule the server draws proofs with
 * (server/media/watermark.ts) and the admin's live preview draws with (web/pages/Admin/settings/WatermarkPreview.tsx),
 * so what the photographer sees is what the clients get. Pure arithmetic; measuring the text is each side's own.
 */

export type WatermarkLayout = 'tiled' | 'centered';

/**
 * The whole mark is drawn at this opacity: white letters over a dark outline, so it reads on a white dress and on
 * a black horse alike, without hiding the photo the client is choosing.
 */
export const WATERMARK_OPACITY = 0.4;
/** Fonts come from the system; DejaVu Sans covers Latin, Hebrew and Arabic, the rest are fallbacks. */
export const WATERMARK_FONT_FAMILIES =
  "'DejaVu Sans', 'Noto Sans', 'Noto Sans Hebrew', 'Noto Sans Arabic', 'Liberation Sans', sans-serif";
/** The text tiles run up from left to right at this angle (degrees). */
export const WATERMARK_TILE_ANGLE = -30;

export interface TextMarks {
  fontSize: number;
  /** The dark outline's width. */
  strokeWidth: number;
  /** Centres of the lines, before the turn. */
  positions: Array<[number, number]>;
  /** Degrees the whole pattern turns round the picture's centre (0 when centred). */
  angle: number;
}

/** The text marks, from the text's width at font size 1 (`emWidth`, in em). */
export function textMarks(layout: WatermarkLayout, emWidth: number, width: number, height: number): TextMarks {
  const short = Math.min(width, height);
  const tiled = layout === 'tiled';
  // Tiles: a line a client cannot crop away, small enough to see the photo between; centred: one large line.
  const fontSize = Math.max(
    8,
    tiled ? Math.min(short * 0.06, (width * 0.8) / emWidth) : Math.min(short * 0.16, (width * 0.7) / emWidth),
  );
  const tileWidth = emWidth * fontSize + fontSize * 2.5;
  return {
    fontSize,
    strokeWidth: fontSize * 0.09,
    positions: tiled
      ? tilePositions(width, height, tileWidth, fontSize * 4, WATERMARK_TILE_ANGLE)
      : [[width / 2, height / 2]],
    angle: tiled ? WATERMARK_TILE_ANGLE : 0,
  };
}

/** The box a logo is fitted inside (keeping its shape): small tiles, or half the picture once in the centre. */
export function logoBox(layout: WatermarkLayout, width: number, height: number): { width: number; height: number } {
  const tiled = layout === 'tiled';
  return {
    width: Math.max(8, Math.round(tiled ? Math.max(width, height) * 0.16 : width * 0.5)),
    height: Math.max(8, Math.round(tiled ? Math.min(width, height) * 0.16 : height * 0.5)),
  };
}

/** The soft dark edge round a logo of this width: its blur, and the room it takes on every side. */
export function logoShadow(logoWidth: number): { blur: number; pad: number } {
  const blur = Math.max(1, logoWidth / 120);
  return { blur, pad: Math.ceil(blur * 3) };
}

/** Centres of the logo stamps (`stampWidth`×`stampHeight`, the logo with its edge): tiled upright, or one. */
export function logoPositions(
  layout: WatermarkLayout,
  width: number,
  height: number,
  stampWidth: number,
  stampHeight: number,
): Array<[number, number]> {
  return layout === 'tiled'
    ? tilePositions(width, height, stampWidth * 1.8, stampHeight * 2, 0)
    : [[width / 2, height / 2]];
}

/**
 * Centres of a brick pattern (every other row shifted by half a tile) that, turned by `angle` degrees round the
 * picture's centre, covers the picture: laid over a square as wide as its diagonal, keeping only the tiles that
 * reach into the picture once turned (drawing the others cost time for nothing).
 */
export function tilePositions(
  width: number,
  height: number,
  stepX: number,
  stepY: number,
  angle: number,
): Array<[number, number]> {
  const reach = Math.hypot(width, height) / 2;
  const margin = Math.max(stepX, stepY) / 2;
  const [cos, sin] = [Math.cos((angle * Math.PI) / 180), Math.sin((angle * Math.PI) / 180)];
  const positions: Array<[number, number]> = [];
  let row = 0;
  for (let y = -reach; y <= reach + stepY; y += stepY, row++) {
    const shift = row % 2 === 0 ? 0 : stepX / 2;
    for (let x = -reach - shift; x <= reach + stepX; x += stepX) {
      const [turnedX, turnedY] = [width / 2 + x * cos - y * sin, height / 2 + x * sin + y * cos];
      const reaches = turnedX > -margin && turnedX < width + margin && turnedY > -margin && turnedY < height + margin;
      if (reaches) positions.push([width / 2 + x, height / 2 + y]);
    }
  }
  return positions;
}
