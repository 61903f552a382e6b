import { apiFetch } from './client';

/**
 * Ends the session, then forgets what this browser kept of the private gallery: the service worker caches gallery
 * answers and images, and they must not outlive the session on a shared device. Apart from the account pages' calls
 * (api/auth.ts) because the navigation bar of every page needs it, and those pages load only when opened.
 */
export async function signOut(): Promise<void> {
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
