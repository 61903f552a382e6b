import { apiFetch } from './client';

/**
 * Ends the session on the server, then forgets what this browser kept of the private gallery: the service worker
 * caches gallery answers and images, and they must not outlive the session on a shared device.
 */
export async function logout(): Promise<void> {
  try {
    await apiFetch('/api/auth/sign-out', { method: 'POST', json: {} });
  } finally {
    await clearGalleryCaches();
  }
}

async function clearGalleryCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith('gallery-')).map((name) => caches.delete(name)));
  } catch {
    // Storage may be unavailable (private mode); nothing was kept then.
  }
}
