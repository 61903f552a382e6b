// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR } from '../api/client';
import { NO_ANSWER_MS, resetConnectionState, trackConnection, useConnectionState } from './useConnectionState';

// The service worker's messages arrive on navigator.serviceWorker, which jsdom lacks: a plain event target stands in.
const workerContainer = new EventTarget();
Object.defineProperty(navigator, 'serviceWorker', { value: workerContainer, configurable: true });

beforeEach(() => {
  resetConnectionState();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('the connection state', () => {
  it('starts Unknown, turns Online on an answer, Offline on a failed request, Online again on the next success', async () => {
    const { result } = renderHook(() => useConnectionState());
    expect(result.current).toBe('unknown');
    await act(() => trackConnection(Promise.resolve(1)));
    expect(result.current).toBe('online');
    await act(() => trackConnection(Promise.reject(new ApiError(NETWORK_ERROR, 'down', 0))).catch(() => undefined));
    expect(result.current).toBe('offline');
    await act(() => trackConnection(Promise.resolve(2)));
    expect(result.current).toBe('online');
  });

  it('counts an HTTP error as an answer: the server was reached', async () => {
    const { result } = renderHook(() => useConnectionState());
    await act(() => trackConnection(Promise.reject(new ApiError('unauthenticated', 'sign in', 401))).catch(() => 0));
    expect(result.current).toBe('online');
  });

  it('turns Offline when nothing answers within 10 seconds', async () => {
    const { result } = renderHook(() => useConnectionState());
    void trackConnection(new Promise(() => undefined));
    act(() => vi.advanceTimersByTime(NO_ANSWER_MS - 1));
    expect(result.current).toBe('unknown');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('offline');
  });

  it('turns Offline when the browser loses its network', () => {
    const { result } = renderHook(() => useConnectionState());
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(result.current).toBe('offline');
  });
});

describe('a part of the state', () => {
  it('re-renders only when that part changes: Unknown to Online leaves "offline?" false and renders nothing again', async () => {
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return useConnectionState((state) => state === 'offline');
    });
    expect([result.current, renders]).toEqual([false, 1]);
    await act(() => trackConnection(Promise.resolve(1)));
    expect([result.current, renders]).toEqual([false, 1]);
    await act(() => trackConnection(Promise.reject(new ApiError(NETWORK_ERROR, 'down', 0))).catch(() => undefined));
    expect([result.current, renders]).toEqual([true, 2]);
  });
});

describe('answers from the service worker copy', () => {
  const url = '/api/gallery?type=all&page=1';
  const copyOf = (href: string) =>
    new MessageEvent('message', { data: { type: 'SERVED_FROM_CACHE', url: new URL(href, location.href).href } });

  it('leave the state Offline when the worker says so before the answer arrives', async () => {
    const { result } = renderHook(() => useConnectionState());
    act(() => {
      workerContainer.dispatchEvent(copyOf(url));
    });
    await act(() => trackConnection(Promise.resolve({}), url));
    expect(result.current).toBe('offline');
    // The next real answer brings it back Online.
    await act(() => trackConnection(Promise.resolve({}), url));
    expect(result.current).toBe('online');
  });

  it('turn it Offline when the worker says so after the answer', async () => {
    const { result } = renderHook(() => useConnectionState());
    await act(() => trackConnection(Promise.resolve({}), url));
    expect(result.current).toBe('online');
    act(() => {
      workerContainer.dispatchEvent(copyOf(url));
    });
    expect(result.current).toBe('offline');
  });
});

describe('while the browser says it has no network', () => {
  it('an answer (necessarily from a cache) does not bring the state back Online', async () => {
    const { result } = renderHook(() => useConnectionState());
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    await act(() => trackConnection(Promise.resolve({})));
    expect(result.current).toBe('offline');
    onLine.mockReturnValue(true);
    await act(() => trackConnection(Promise.resolve({})));
    expect(result.current).toBe('online');
    onLine.mockRestore();
  });
});
