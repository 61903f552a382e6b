import { useSyncExternalStore } from 'react';
import { ApiError, NETWORK_ERROR } from '../api/client';

/** Unknown until the first answer, Online after a success, Offline after a failure or a long silence. */
export type ConnectionState = 'unknown' | 'online' | 'offline';

/** How long a request may go unanswered before the site counts as offline (10 seconds). */
export const NO_ANSWER_MS = 10_000;

let state: ConnectionState = 'unknown';
const listeners = new Set<() => void>();

function setState(next: ConnectionState): void {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

/** Something answered: the server, not the service worker's copy. */
export function reportOnline(): void {
  setState('online');
}

/** A request failed to reach the server, the browser lost its network, or the service worker served a copy. */
export function reportOffline(): void {
  setState('offline');
}

/** URLs the service worker answered from its copy (it says so by message); such an answer is not a sign of life. */
const servedFromCopy = new Set<string>();

/**
 * Follows one request: Offline if nothing answers within 10 s or the request cannot reach the server; Online as soon
 * as the server answers, even with an HTTP error (the server was reachable). An answer the service worker gave from
 * its copy of `url`, or any answer while the browser says it has no network, leaves the state Offline.
 */
export async function trackConnection<T>(request: Promise<T>, url?: string): Promise<T> {
  const timer = setTimeout(reportOffline, NO_ANSWER_MS);
  try {
    const result = await request;
    const fromCopy = url !== undefined && servedFromCopy.delete(new URL(url, location.href).href);
    // With the browser offline, an answer can only have come from a cache (HTTP or the worker's).
    if (!fromCopy && navigator.onLine !== false) reportOnline();
    return result;
  } catch (error) {
    if (error instanceof ApiError && error.code !== NETWORK_ERROR) reportOnline();
    else reportOffline();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

let listening = false;

function listenToBrowser(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  // A page loaded while the browser has no network (from the service worker's copy) starts Offline.
  if (navigator.onLine === false) reportOffline();
  window.addEventListener('offline', reportOffline);
  // The service worker says when it answered from its cache because the network failed (web/sw.ts).
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: string; url?: string } | null;
    if (data?.type !== 'SERVED_FROM_CACHE') return;
    if (typeof data.url === 'string') servedFromCopy.add(data.url);
    reportOffline();
  });
}

function subscribe(listener: () => void): () => void {
  listenToBrowser();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The current connection state, or what `select` takes from it; re-renders when that changes. A component that needs
 * only part of it selects that part: the state goes from Unknown to Online with a page's first answer, and a gallery
 * that re-rendered for it drew its sixty tiles again in one synchronous task.
 */
export function useConnectionState(): ConnectionState;
export function useConnectionState<T>(select: (state: ConnectionState) => T): T;
export function useConnectionState<T>(select?: (state: ConnectionState) => T): T | ConnectionState {
  const pick = select ?? ((current: ConnectionState) => current);
  return useSyncExternalStore(
    subscribe,
    () => pick(state),
    () => pick('unknown'),
  );
}

/** For tests: back to the first-visit state. */
export function resetConnectionState(): void {
  state = 'unknown';
}
