import { apiFetch } from './client';

/** Ends the session on the server. The caller refreshes the session query afterwards. */
export async function logout(): Promise<void> {
  await apiFetch('/api/auth/sign-out', { method: 'POST', json: {} });
}
