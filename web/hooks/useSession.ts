import { useQuery } from '@tanstack/react-query';
import { SESSION_PATH } from '../../shared/api-paths';
import type { SessionUser } from '../../shared/schemas/session';
import { apiFetch } from '../api/client';

export const SESSION_QUERY_KEY = ['session'] as const;

/**
 * The signed-in user, or null, from GET /api/session. The one source of the signed-in state in the browser; what
 * it says only decides what to show — the server checks every request itself.
 */
export function useSession() {
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: () => apiFetch<SessionUser | null>(SESSION_PATH),
    staleTime: 60_000,
  });
  return { user: query.data ?? null, isLoading: query.isPending, error: query.error };
}
