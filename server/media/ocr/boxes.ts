/**
 * Text boxes from the detector's probability map, as PaddleOCR's DB post-processing finds them: each connected patch
 * of text pixels, its smallest enclosing rectangle (turned with the text), kept when the detector is sure enough of
 * it, then grown by the margin the detector was trained to leave out ("unclip").
 *
 * Written here instead of using @gutenye/ocr-common's splitIntoLineImages: that runs on OpenCV's WebAssembly build,
 * which holds ~70 MB of resident memory, copies the whole picture into its heap once per box, and never frees the
 * crops and contours it makes, so its heap would only grow over a show of thousands of frames.
 */

/** A pixel is text above this probability (PaddleOCR's det_db_thresh; ocr-common's 0.03 joins a pad to its neighbours). */
const TEXT_PROBABILITY = 0.3;
/** A patch is kept when its pixels' mean probability reaches this (PaddleOCR's det_db_box_thresh). */
const BOX_SCORE = 0.6;
/** Grows each box by area × ratio / perimeter on every side (PaddleOCR's det_db_unclip_ratio). */
const UNCLIP_RATIO = 1.5;
/** Patches thinner than this (in map pixels) are specks, before and after growing (as PaddleOCR and ocr-common). */
const MIN_SIDE = 3;

/** A text box: its centre, its sides along and across the text, and the text's angle (radians, within ±45°). */
export interface TextBox {
  centreX: number;
  centreY: number;
  width: number;
  height: number;
  angle: number;
}

type Point = [number, number];

/** The boxes of a probability map `width` × `height`, in the map's pixels. */
export function findTextBoxes(probabilities: Float32Array, width: number, height: number): TextBox[] {
  const seen = new Uint8Array(width * height);
  const boxes: TextBox[] = [];
  const stack: number[] = [];
  for (let start = 0; start < seen.length; start++) {
    if (seen[start] || (probabilities[start] as number) <= TEXT_PROBABILITY) continue;
    // One patch, 8-connected; per row its leftmost and rightmost pixel, which bound the same convex hull as all of it.
    const rows = new Map<number, [number, number]>();
    let sum = 0;
    let count = 0;
    seen[start] = 1;
    stack.push(start);
    while (stack.length) {
      const at = stack.pop() as number;
      const x = at % width;
      const y = (at - x) / width;
      sum += probabilities[at] as number;
      count++;
      const row = rows.get(y);
      if (!row) rows.set(y, [x, x]);
      else if (x < row[0]) row[0] = x;
      else if (x > row[1]) row[1] = x;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const next = ny * width + nx;
          if (!seen[next] && (probabilities[next] as number) > TEXT_PROBABILITY) {
            seen[next] = 1;
            stack.push(next);
          }
        }
      }
    }
    if (sum / count < BOX_SCORE) continue;
    const points: Point[] = [];
    for (const [y, [left, right]] of rows) points.push([left, y], [right + 1, y], [left, y + 1], [right + 1, y + 1]);
    const box = smallestRectangle(convexHull(points));
    if (Math.min(box.width, box.height) < MIN_SIDE) continue;
    const margin = (box.width * box.height * UNCLIP_RATIO) / (2 * (box.width + box.height));
    const grown = { ...box, width: box.width + 2 * margin, height: box.height + 2 * margin };
    if (Math.min(grown.width, grown.height) < MIN_SIDE + 2) continue;
    boxes.push(grown);
  }
  return boxes;
}

/** Andrew's monotone chain: the hull's corners, counter-clockwise. */
function convexHull(points: Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: Point[]) => {
    const chain: Point[] = [];
    for (const point of list) {
      while (chain.length >= 2 && cross(chain[chain.length - 2] as Point, chain[chain.length - 1] as Point, point) <= 0)
        chain.pop();
      chain.push(point);
    }
    chain.pop();
    return chain;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

/** The smallest rectangle around a convex hull: one of its sides lies along an edge of the hull (rotating calipers). */
function smallestRectangle(hull: Point[]): TextBox {
  let best: TextBox | undefined;
  let bestArea = Number.POSITIVE_INFINITY;
  for (let index = 0; index < hull.length; index++) {
    const [ax, ay] = hull[index] as Point;
    const [bx, by] = hull[(index + 1) % hull.length] as Point;
    const length = Math.hypot(bx - ax, by - ay);
    if (length === 0) continue;
    const ux = (bx - ax) / length;
    const uy = (by - ay) / length;
    let minU = Number.POSITIVE_INFINITY;
    let maxU = Number.NEGATIVE_INFINITY;
    let minV = Number.POSITIVE_INFINITY;
    let maxV = Number.NEGATIVE_INFINITY;
    for (const [x, y] of hull) {
      const u = x * ux + y * uy;
      const v = -x * uy + y * ux;
      minU = Math.min(minU, u);
      maxU = Math.max(maxU, u);
      minV = Math.min(minV, v);
      maxV = Math.max(maxV, v);
    }
    const area = (maxU - minU) * (maxV - minV);
    if (area >= bestArea) continue;
    bestArea = area;
    const u = (minU + maxU) / 2;
    const v = (minV + maxV) / 2;
    best = upright({
      centreX: u * ux - v * uy,
      centreY: u * uy + v * ux,
      width: maxU - minU,
      height: maxV - minV,
      angle: Math.atan2(uy, ux),
    });
  }
  return best ?? { centreX: 0, centreY: 0, width: 0, height: 0, angle: 0 };
}

/** The same rectangle described with its "width" side the one nearest horizontal: text reads left to right. */
function upright(box: TextBox): TextBox {
  let { angle, width, height } = box;
  while (angle > Math.PI / 4) {
    angle -= Math.PI / 2;
    [width, height] = [height, width];
  }
  while (angle <= -Math.PI / 4) {
    angle += Math.PI / 2;
    [width, height] = [height, width];
  }
  return { ...box, angle, width, height };
}

/** A box's corners clockwise from the top left, scaled by (scaleX, scaleY). */
export function cornersOf(box: TextBox, scaleX = 1, scaleY = 1): Array<[number, number]> {
  const cos = Math.cos(box.angle);
  const sin = Math.sin(box.angle);
  const halfW = box.width / 2;
  const halfH = box.height / 2;
  return [
    [-halfW, -halfH],
    [halfW, -halfH],
    [halfW, halfH],
    [-halfW, halfH],
  ].map(([u = 0, v = 0]) => [
    Math.round((box.centreX + u * cos - v * sin) * scaleX),
    Math.round((box.centreY + u * sin + v * cos) * scaleY),
  ]);
}
