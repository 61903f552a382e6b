/**
 * Whether the upload tray has anything to show. A flag of its own, without the upload code, so the layout of every
 * page can ask it for a few bytes and load the tray (and tus) only once the photographer has started an upload.
 */
let shown = false;
const listeners = new Set<() => void>();

export const uploadTraySignal = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): boolean => shown,
  set(value: boolean): void {
    if (value === shown) return;
    shown = value;
    for (const listener of listeners) listener();
  },
};
