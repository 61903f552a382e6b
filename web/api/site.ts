import { useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '../../shared/schemas/site';
import { apiFetch } from './client';

/** The query key of GET /api/site; the server-rendered page may hand its answer to the client under this key. */
export const SITE_QUERY_KEY = ['site'] as const;

/** Public settings every page may need: the photographer's contact details and the booking form's address. */
export function useSiteInfo({ pollWhilePreparingMs }: { pollWhilePreparingMs?: number } = {}) {
  return useQuery({
    queryKey: SITE_QUERY_KEY,
    queryFn: () => apiFetch<SiteInfo>('/api/site'),
    staleTime: 300_000,
    // A new site's demo photos take a minute or two: a page that waits for them asks again until they are ready.
    refetchInterval: (query) =>
      pollWhilePreparingMs && query.state.data?.demoPreparing ? pollWhilePreparingMs : false,
  });
}
