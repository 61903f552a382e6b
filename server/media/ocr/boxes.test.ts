import { describe, expect, it } from 'vitest';
import { cornersOf, findTextBoxes } from './boxes';
import { decodeCtc } from './recognise';

const WIDTH = 200;
const HEIGHT = 120;

/** A probability map with `value` inside the rectangle centred at (cx, cy), w × h, turned by `degrees`. */
function mapWith(
  patches: Array<{ cx: number; cy: number; w: number; h: number; degrees?: number; value?: number }>,
): Float32Array {
  const map = new Float32Array(WIDTH * HEIGHT);
  for (const { cx, cy, w, h, degrees = 0, value = 0.9 } of patches) {
    const angle = (degrees * Math.PI) / 180;
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const u = (x + 0.5 - cx) * Math.cos(angle) + (y + 0.5 - cy) * Math.sin(angle);
        const v = -(x + 0.5 - cx) * Math.sin(angle) + (y + 0.5 - cy) * Math.cos(angle);
        if (Math.abs(u) <= w / 2 && Math.abs(v) <= h / 2) map[y * WIDTH + x] = value;
      }
    }
  }
  return map;
}

describe('findTextBoxes', () => {
  it('finds each patch, grown by the unclip margin, with its centre', () => {
    const boxes = findTextBoxes(
      mapWith([
        { cx: 50, cy: 30, w: 40, h: 12 },
        { cx: 140, cy: 80, w: 30, h: 30 },
      ]),
      WIDTH,
      HEIGHT,
    );
    expect(boxes).toHaveLength(2);
    const [wide, square] = boxes;
    expect(wide?.centreX).toBeCloseTo(50, 0);
    expect(wide?.centreY).toBeCloseTo(30, 0);
    // margin = area × 1.5 / perimeter = 40 × 12 × 1.5 / 104 ≈ 6.9 on each side
    expect(wide?.width).toBeCloseTo(40 + 13.8, 0);
    expect(wide?.height).toBeCloseTo(12 + 13.8, 0);
    expect(square?.centreX).toBeCloseTo(140, 0);
  });

  it('turns a box with its tilted text, width along the text', () => {
    const [box] = findTextBoxes(mapWith([{ cx: 100, cy: 60, w: 80, h: 20, degrees: 12 }]), WIDTH, HEIGHT);
    expect(((box?.angle ?? 0) * 180) / Math.PI).toBeCloseTo(12, -0.5);
    expect(box?.width).toBeGreaterThan(box?.height ?? 0);
    const [topLeft, topRight] = cornersOf(box ?? { centreX: 0, centreY: 0, width: 0, height: 0, angle: 0 });
    expect(topRight?.[1]).toBeGreaterThan(topLeft?.[1] ?? 0);
  });

  it('keeps a one-digit box upright though it is taller than wide', () => {
    const [box] = findTextBoxes(mapWith([{ cx: 100, cy: 60, w: 14, h: 30 }]), WIDTH, HEIGHT);
    expect(box?.angle).toBeCloseTo(0, 1);
    expect(box?.height).toBeGreaterThan(box?.width ?? 0);
  });

  it('leaves out specks and patches the detector is unsure of', () => {
    expect(findTextBoxes(mapWith([{ cx: 50, cy: 50, w: 2, h: 2 }]), WIDTH, HEIGHT)).toEqual([]);
    expect(findTextBoxes(mapWith([{ cx: 50, cy: 50, w: 40, h: 20, value: 0.45 }]), WIDTH, HEIGHT)).toEqual([]);
  });
});

describe('decodeCtc', () => {
  it('drops blanks and repeats, keeps a letter repeated across a blank, and averages the confidence', () => {
    const dictionary = ['1', '2', '7'];
    // steps: 1, 1, blank, 2, blank, 2, 7 → "1227"
    const steps = [1, 1, 0, 2, 0, 2, 3];
    const probabilities = new Float32Array(steps.length * 4);
    steps.forEach((best, step) => {
      probabilities[step * 4 + best] = best === 0 ? 0.99 : 0.9;
    });
    const { text, confidence } = decodeCtc(probabilities, steps.length, 4, dictionary);
    expect(text).toBe('1227');
    expect(confidence).toBeCloseTo(0.9, 5);
  });
});
