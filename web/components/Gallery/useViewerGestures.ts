import { type PointerEvent, type RefObject, useRef, useState } from 'react';
import { documentDirection, stepForSwipe } from './direction';
import { FIT, type Point, panView, pinchView, type Size, toggleZoom, type ZoomView } from './zoom';

/** A finger that travels further down than this (CSS pixels), mostly downwards, closes the viewer. */
export const SWIPE_DOWN_DISTANCE = 80;
/** Two taps closer than this in time (ms) and space (px) are a double tap. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_SLOP = 30;
/** A press that moves less than this is a tap (or a click), not a drag. */
const TAP_SLOP = 8;

interface Press {
  start: Point;
  time: number;
  view: ZoomView;
  moved: boolean;
}

interface Pinch {
  view: ZoomView;
  mid: Point;
  distance: number;
}

export interface ViewerGestureOptions {
  /** The open item: a new one starts fitted. */
  itemKey: string;
  /** Videos keep their own controls: no zoom, but swipes still step and close. */
  zoomable: boolean;
  /** The area the picture is fitted into, and the picture's own box (measured untransformed). */
  stageRef: RefObject<HTMLElement | null>;
  boxRef: RefObject<HTMLElement | null>;
  onStep: (step: -1 | 1) => void;
  onClose: () => void;
}

/**
 * The viewer's touch and mouse gestures, on pointer events. On a fitted picture a finger swipes to the next or
 * previous item in the reading direction, or down to close (the picture follows it down); a double tap zooms in on
 * the tapped point and out again; two fingers pinch. On a zoomed picture one finger or the mouse pans. Mouse drags
 * never swipe, as a desktop visitor selects or clicks rather than flicks. Presses that start on a video are left to
 * the video's controls.
 */
export function useViewerGestures({ itemKey, zoomable, stageRef, boxRef, onStep, onClose }: ViewerGestureOptions) {
  const [state, setState] = useState({ itemKey, view: FIT, dragY: 0, dragging: false });
  const current = state.itemKey === itemKey ? state : { itemKey, view: FIT, dragY: 0, dragging: false };
  const pointers = useRef(new Map<number, Point>());
  const press = useRef<Press | null>(null);
  const pinch = useRef<Pinch | null>(null);
  const lastTap = useRef<{ at: Point; time: number } | null>(null);
  /** Set when a press turned into a drag, so the click that follows it does not count as a click on the backdrop. */
  const dragged = useRef(false);

  /** The view as last set, for changes that arrive before the next render (keys pressed in quick succession). */
  const latestView = useRef(current.view);
  latestView.current = current.view;

  const setView = (view: ZoomView, dragY = 0, dragging = false) => {
    latestView.current = view;
    setState({ itemKey, view, dragY, dragging });
  };

  /** The stage's size, its centre, and the picture's fitted size: the frame every zoom computes in. */
  const frame = (): { stage: Size; centre: Point; box: Size } | null => {
    const stage = stageRef.current?.getBoundingClientRect();
    const box = boxRef.current;
    if (!stage || !box) return null;
    return {
      stage: { width: stage.width, height: stage.height },
      centre: { x: stage.left + stage.width / 2, y: stage.top + stage.height / 2 },
      box: { width: box.offsetWidth, height: box.offsetHeight },
    };
  };

  const startPinch = (view: ZoomView) => {
    const [a, b] = [...pointers.current.values()];
    const f = frame();
    if (!a || !b || !f) return;
    pinch.current = { view, mid: midpoint(a, b, f.centre), distance: distance(a, b) };
    press.current = null;
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    // A video's own controls (seek bar, volume) take drags; a swipe there would step away mid-seek.
    if (event.target instanceof HTMLVideoElement) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    dragged.current = false;
    if (pointers.current.size === 2 && zoomable) startPinch(current.view);
    else if (pointers.current.size === 1) {
      press.current = {
        start: { x: event.clientX, y: event.clientY },
        time: event.timeStamp,
        view: current.view,
        moved: false,
      };
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const f = frame();
    if (!f) return;
    if (pinch.current) {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b) return;
      const to = { mid: midpoint(a, b, f.centre), distance: distance(a, b) };
      setView(pinchView(pinch.current.view, pinch.current, to, f.box, f.stage), 0, true);
      dragged.current = true;
      return;
    }
    const p = press.current;
    if (!p) return;
    const dx = event.clientX - p.start.x;
    const dy = event.clientY - p.start.y;
    if (!p.moved && Math.hypot(dx, dy) < TAP_SLOP) return;
    if (!p.moved) {
      // Captured only once it is a drag: a plain click must keep its own target (the photo is not the ground).
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    p.moved = true;
    dragged.current = true;
    if (p.view.scale > 1) setView(panView(p.view, dx, dy, f.box, f.stage), 0, true);
    else if (event.pointerType !== 'mouse' && dy > Math.abs(dx)) setView(FIT, dy, true);
  };

  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    if (pinch.current) {
      // One finger lifted from a pinch: the other one pans on from here, without a jump.
      pinch.current = null;
      const [rest] = [...pointers.current.entries()];
      if (rest) press.current = { start: rest[1], time: event.timeStamp, view: current.view, moved: true };
      return;
    }
    const p = press.current;
    press.current = null;
    if (!p) return;
    const dx = event.clientX - p.start.x;
    const dy = event.clientY - p.start.y;
    if (!p.moved) {
      onTap({ x: event.clientX, y: event.clientY }, event.timeStamp);
      return;
    }
    if (p.view.scale > 1 || event.pointerType === 'mouse') {
      setView(current.view);
      return;
    }
    setView(FIT);
    if (dy > SWIPE_DOWN_DISTANCE && dy > Math.abs(dx) * 1.5) {
      onClose();
      return;
    }
    const move = stepForSwipe(dx, dy, documentDirection());
    if (move !== 0) onStep(move);
  };

  const onTap = (at: Point, time: number) => {
    const last = lastTap.current;
    const double =
      last && time - last.time < DOUBLE_TAP_MS && Math.hypot(at.x - last.at.x, at.y - last.at.y) < DOUBLE_TAP_SLOP;
    lastTap.current = double ? null : { at, time };
    const f = frame();
    if (!double || !zoomable || !f) return;
    setView(toggleZoom(current.view, { x: at.x - f.centre.x, y: at.y - f.centre.y }, f.box, f.stage));
  };

  const onPointerCancel = (event: PointerEvent<HTMLElement>) => {
    pointers.current.delete(event.pointerId);
    pinch.current = null;
    press.current = null;
    setView(current.view);
  };

  /**
   * Changes the view from outside the gestures (the zoom keys and buttons), eased like a double tap. `change` answers
   * null when it has nothing to do with the view; the answer says whether it had.
   */
  const changeView = (change: (view: ZoomView, box: Size, stage: Size) => ZoomView | null): boolean => {
    const f = frame();
    if (!zoomable || !f) return false;
    const next = change(latestView.current, f.box, f.stage);
    if (!next) return false;
    setView(next);
    return true;
  };

  return {
    view: current.view,
    changeView,
    /** How far a swipe down has pulled the fitted picture (CSS pixels), for it to follow the finger. */
    dragY: current.dragY,
    zoomed: current.view.scale > 1,
    /** A finger or the mouse is moving the picture: it follows at once, without the easing of a double tap. */
    dragging: current.dragging,
    /** True right after a drag: the click the browser sends next is the end of that drag, not a click. */
    consumeDrag: () => {
      const was = dragged.current;
      dragged.current = false;
      return was;
    },
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel },
  };
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

function midpoint(a: Point, b: Point, centre: Point): Point {
  return { x: (a.x + b.x) / 2 - centre.x, y: (a.y + b.y) / 2 - centre.y };
}
