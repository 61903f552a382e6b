import { describe, expect, it } from 'vitest';
import {
  clampView,
  DOUBLE_TAP_SCALE,
  FIT,
  MAX_SCALE,
  panView,
  pinchView,
  toggleZoom,
  viewForKey,
  ZOOM_STEP,
  zoomAround,
} from './zoom';

// A 3:2 photograph fitted edge to edge on a phone's stage.
const stage = { width: 390, height: 732 };
const box = { width: 390, height: 260 };
// A 2:3 portrait: zoomed, it is larger than the stage both ways, so no edge stops it.
const portrait = { width: 390, height: 585 };

/** The picture's point under screen point p, for the view: (p - t) / s. */
const under = (view: { scale: number; x: number; y: number }, p: { x: number; y: number }) => ({
  x: (p.x - view.x) / view.scale,
  y: (p.y - view.y) / view.scale,
});

describe('the viewer zoom', () => {
  it('zooms in on the tapped point and back to fitted on a second double tap', () => {
    const at = { x: 100, y: 40 };
    const zoomed = toggleZoom(FIT, at, portrait, stage);
    expect(zoomed.scale).toBe(DOUBLE_TAP_SCALE);
    expect(under(zoomed, at)).toEqual(under(FIT, at));
    expect(toggleZoom(zoomed, at, portrait, stage)).toEqual(FIT);
  });

  it('never moves a picture so far that a gap opens at an edge', () => {
    const zoomed = zoomAround(FIT, 2, { x: 0, y: 0 }, box, stage);
    // 780 px wide on a 390 px stage: 195 px either way; 520 px high on 732: no room, stays centred.
    expect(panView(zoomed, 1000, 1000, box, stage)).toEqual({ scale: 2, x: 195, y: 0 });
    expect(panView(zoomed, -1000, -1000, box, stage)).toEqual({ scale: 2, x: -195, y: 0 });
    expect(panView(zoomed, 50, 0, box, stage)).toEqual({ scale: 2, x: 50, y: 0 });
  });

  it('keeps the scale between fitted and the maximum', () => {
    expect(clampView({ scale: 0.3, x: 80, y: 5 }, box, stage)).toEqual(FIT);
    expect(clampView({ scale: 40, x: 0, y: 0 }, box, stage).scale).toBe(MAX_SCALE);
  });

  it('pinches about the midpoint of the fingers, which carries the picture along as it moves', () => {
    const from = { mid: { x: 20, y: 10 }, distance: 100 };
    const to = { mid: { x: 30, y: 10 }, distance: 200 };
    const view = pinchView(FIT, from, to, portrait, stage);
    expect(view.scale).toBe(2);
    expect(under(view, to.mid)).toEqual(under(FIT, from.mid));
    // Fingers closing past fitted stop at fitted.
    expect(pinchView(view, to, { mid: to.mid, distance: 20 }, portrait, stage)).toEqual(FIT);
  });
});

describe('the viewer zoom from the keyboard', () => {
  it('zooms in with + or = about the middle of the stage, out with -, and fits again with 0', () => {
    const once = viewForKey('+', FIT, portrait, stage);
    expect(once).toEqual({ scale: ZOOM_STEP, x: 0, y: 0 });
    expect(viewForKey('=', FIT, portrait, stage)).toEqual(once);
    const twice = viewForKey('+', once ?? FIT, portrait, stage);
    expect(twice?.scale).toBeCloseTo(ZOOM_STEP * ZOOM_STEP);
    expect(viewForKey('-', twice ?? FIT, portrait, stage)?.scale).toBeCloseTo(ZOOM_STEP);
    expect(viewForKey('-', once ?? FIT, portrait, stage)).toEqual(FIT);
    expect(viewForKey('0', { scale: 3, x: 40, y: -20 }, portrait, stage)).toEqual(FIT);
  });

  it('stops at the maximum and at fitted', () => {
    let view = FIT;
    for (let i = 0; i < 10; i++) view = viewForKey('+', view, portrait, stage) ?? view;
    expect(view.scale).toBe(MAX_SCALE);
    expect(viewForKey('-', FIT, portrait, stage)).toEqual(FIT);
  });

  it('leaves the arrows to stepping while the picture is fitted, and other keys alone', () => {
    for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) {
      expect(viewForKey(key, FIT, portrait, stage)).toBeNull();
    }
    expect(viewForKey('a', { scale: 2, x: 0, y: 0 }, portrait, stage)).toBeNull();
  });

  it('pans a zoomed picture with the arrows, the way they scroll a page, and stops at its edges', () => {
    const zoomed = { scale: 2, x: 0, y: 0 };
    // ArrowRight shows more of the right side: the picture moves left.
    expect(viewForKey('ArrowRight', zoomed, portrait, stage)).toEqual({ scale: 2, x: -390 * 0.15, y: 0 });
    expect(viewForKey('ArrowLeft', zoomed, portrait, stage)).toEqual({ scale: 2, x: 390 * 0.15, y: 0 });
    expect(viewForKey('ArrowDown', zoomed, portrait, stage)).toEqual({ scale: 2, x: 0, y: -732 * 0.15 });
    expect(viewForKey('ArrowUp', zoomed, portrait, stage)).toEqual({ scale: 2, x: 0, y: 732 * 0.15 });
    // At the right edge (780 px wide on 390: 195 px), ArrowRight is still the zoom's: it holds, it does not step.
    const atEdge = { scale: 2, x: -195, y: 0 };
    expect(viewForKey('ArrowRight', atEdge, portrait, stage)).toEqual(atEdge);
  });
});
