// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_FALLBACK_QUIET_MS, IDLE_TIMEOUT_MS, whenIdle } from './warm';

/** The browser's own idle callback, put back after each test that removes it (Safari has none). */
const native = { request: window.requestIdleCallback, cancel: window.cancelIdleCallback };

function withoutIdleCallback(): void {
  Reflect.deleteProperty(window, 'requestIdleCallback');
  Reflect.deleteProperty(window, 'cancelIdleCallback');
}

function setReadyState(state: DocumentReadyState): void {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => state });
}

describe('whenIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(document, 'readyState');
    window.requestIdleCallback = native.request;
    window.cancelIdleCallback = native.cancel;
  });

  it('asks requestIdleCallback with the 1200 ms timeout where the browser has it', () => {
    const request = vi.fn((_task: IdleRequestCallback, _options?: IdleRequestOptions) => 7);
    const cancel = vi.fn();
    window.requestIdleCallback = request;
    window.cancelIdleCallback = cancel;
    const task = vi.fn();
    const stop = whenIdle(task);
    expect(request).toHaveBeenCalledWith(task, { timeout: IDLE_TIMEOUT_MS });
    stop();
    expect(cancel).toHaveBeenCalledWith(7);
  });

  it('without it, waits for a frame after load and one quiet idle period, not a bare timer', () => {
    withoutIdleCallback();
    setReadyState('complete');
    const task = vi.fn();
    whenIdle(task);
    // Nothing during the frame the call was made in, nor during the quiet period after the next one.
    vi.advanceTimersByTime(IDLE_FALLBACK_QUIET_MS);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(16);
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('without it, waits for the page to load, but never longer than 1200 ms', () => {
    withoutIdleCallback();
    setReadyState('loading');
    const task = vi.fn();
    whenIdle(task);
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    // The load that comes later does not run it again.
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('without it, starts the idle wait at load', () => {
    withoutIdleCallback();
    setReadyState('loading');
    const task = vi.fn();
    whenIdle(task);
    vi.advanceTimersByTime(300);
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(IDLE_FALLBACK_QUIET_MS);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(16);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('without it, runs nothing once cancelled', () => {
    withoutIdleCallback();
    setReadyState('complete');
    const task = vi.fn();
    whenIdle(task)();
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS * 2);
    expect(task).not.toHaveBeenCalled();
  });
});
