/**
 * The home page's hero box and what it costs a phone, in one place: the CSS height of the box (which the hero sets
 * as `--hero-block-size`), the `sizes` of its picture, and the phone the server weighs the hero video against.
 */

/** The hero is as wide as the viewport and as tall as 88 % of the small viewport height, at most 52rem. */
export const HERO_BOX = { viewportHeightShare: 0.88, maxRem: 52 } as const;
const REM_PX = 16;

/** The box's height as CSS, for `min-block-size` and for `sizes`. */
export const HERO_BLOCK_SIZE = `min(${HERO_BOX.viewportHeightShare * 100}svh, ${HERO_BOX.maxRem}rem)`;

/**
 * How wide the hero picture is drawn: it covers the box (object-fit: cover), so in a portrait box a landscape picture
 * is drawn at the box's height times its aspect ratio, wider than the viewport; in a wide box, at the viewport's width.
 */
export function heroSizes(width: number, height: number): string {
  const aspect = Number((width / height).toFixed(4));
  return `max(100vw, calc(${HERO_BLOCK_SIZE} * ${aspect}))`;
}

/**
 * The phone the server decides for: Lighthouse's mobile device (a Moto G Power, 412×823 CSS px at 1.75×), the
 * measure this site's first view is held to, and as narrow and dense as the phones its visitors carry.
 */
export const HERO_PHONE = { width: 412, height: 823, pixelRatio: 1.75 } as const;

/** The device pixels the phone needs across for the hero picture: what `heroSizes` asks of its srcset there. */
export function heroPictureWidthOnPhone(width: number, height: number): number {
  const boxHeight = Math.min(HERO_PHONE.height * HERO_BOX.viewportHeightShare, HERO_BOX.maxRem * REM_PX);
  const drawn = Math.max(HERO_PHONE.width, boxHeight * (width / height));
  return Math.ceil(drawn * HERO_PHONE.pixelRatio);
}
