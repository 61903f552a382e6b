/**
 * The viewer's zoom, as pure arithmetic. The picture's box sits centred in the stage; it is drawn scaled about its
 * centre and then moved by (x, y) CSS pixels (`translate(x, y) scale(s)`). Points are measured from the stage's
 * centre, so a point p on the screen shows the picture's point (p - t) / s.
 */
export interface ZoomView {
  scale: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** The picture fitted to the stage, not moved. */
export const FIT: ZoomView = { scale: 1, x: 0, y: 0 };

/** Deeper than this shows the pixels of the largest derivative rather than more of the photograph. */
export const MAX_SCALE = 4;

/** Where a double tap takes a fitted picture: close enough to see a rider's face, not so close as to lose them. */
export const DOUBLE_TAP_SCALE = 2.5;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * Keeps the scale between fitted and MAX_SCALE, and the moved picture over the stage: along an axis where the scaled
 * picture is wider than the stage it may move until its edge meets the stage's, and where it is narrower it stays
 * centred. So a pan never uncovers more than the fitted picture did.
 */
export function clampView(view: ZoomView, box: Size, stage: Size): ZoomView {
  const scale = clamp(view.scale, 1, MAX_SCALE);
  const limitX = Math.max(0, (box.width * scale - stage.width) / 2);
  const limitY = Math.max(0, (box.height * scale - stage.height) / 2);
  // `+ 0` turns a -0 into 0, so a centred view compares equal to FIT.
  return { scale, x: clamp(view.x, -limitX, limitX) + 0, y: clamp(view.y, -limitY, limitY) + 0 };
}

/** Scales to `scale` and moves the picture so that what was under `at` stays under it. */
export function zoomAround(view: ZoomView, scale: number, at: Point, box: Size, stage: Size): ZoomView {
  const ratio = scale / view.scale;
  return clampView({ scale, x: at.x - (at.x - view.x) * ratio, y: at.y - (at.y - view.y) * ratio }, box, stage);
}

/** A double tap: a fitted picture zooms in on the tapped point; a zoomed one goes back to fitted. */
export function toggleZoom(view: ZoomView, at: Point, box: Size, stage: Size): ZoomView {
  return view.scale > 1 ? FIT : zoomAround(FIT, DOUBLE_TAP_SCALE, at, box, stage);
}

/**
 * Two fingers: the scale follows the distance between them, and the picture's point that was under their midpoint
 * when they touched follows the midpoint as it moves (so a pinch also pans).
 */
export function pinchView(
  start: ZoomView,
  from: { mid: Point; distance: number },
  to: { mid: Point; distance: number },
  box: Size,
  stage: Size,
): ZoomView {
  const scale = clamp((start.scale * to.distance) / Math.max(from.distance, 1), 1, MAX_SCALE);
  const ratio = scale / start.scale;
  return clampView(
    { scale, x: to.mid.x - (from.mid.x - start.x) * ratio, y: to.mid.y - (from.mid.y - start.y) * ratio },
    box,
    stage,
  );
}

/** One finger (or the mouse) on a zoomed picture drags it. */
export function panView(start: ZoomView, dx: number, dy: number, box: Size, stage: Size): ZoomView {
  return clampView({ ...start, x: start.x + dx, y: start.y + dy }, box, stage);
}

/** The CSS transform of a view. */
export function zoomTransform(view: ZoomView): string {
  return `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
}

/** One press of a zoom key or button scales by this much: four presses go from fitted to the maximum. */
export const ZOOM_STEP = 1.5;

/** One press of an arrow key moves a zoomed picture by this share of the stage, so a few presses cross it. */
const PAN_KEY_SHARE = 0.15;

/** Which way each arrow moves the picture (the view moves the other way). */
const PAN_KEYS = new Map<string, [number, number]>([
  ['ArrowLeft', [1, 0]],
  ['ArrowRight', [-1, 0]],
  ['ArrowUp', [0, 1]],
  ['ArrowDown', [0, -1]],
]);

/** Scales by `factor` about the stage's centre (what the visitor is looking at stays in the middle). */
export function zoomBy(view: ZoomView, factor: number, box: Size, stage: Size): ZoomView {
  const scale = clamp(view.scale * factor, 1, MAX_SCALE);
  return scale === 1 ? FIT : zoomAround(view, scale, { x: 0, y: 0 }, box, stage);
}

/**
 * What a key does to the view, or null when the key is not the zoom's: `+` (or `=`, the same key unshifted) zooms
 * in, `-` out, `0` fits again. The arrows belong to the zoom only while the picture is zoomed: they then move the
 * view the way they scroll a page (ArrowRight shows more of the right side, whatever the reading direction), and
 * at an edge they do nothing rather than step to another photo. On a fitted picture they return null, so they step.
 */
export function viewForKey(key: string, view: ZoomView, box: Size, stage: Size): ZoomView | null {
  if (key === '+' || key === '=') return zoomBy(view, ZOOM_STEP, box, stage);
  if (key === '-') return zoomBy(view, 1 / ZOOM_STEP, box, stage);
  if (key === '0') return FIT;
  if (view.scale <= 1) return null;
  const stepX = stage.width * PAN_KEY_SHARE;
  const stepY = stage.height * PAN_KEY_SHARE;
  const move = PAN_KEYS.get(key);
  return move ? panView(view, move[0] * stepX, move[1] * stepY, box, stage) : null;
}
