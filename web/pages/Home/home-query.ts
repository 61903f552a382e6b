import { HOME_PATH } from '../../../shared/api-paths';
import type { HomeResponse } from '../../../shared/schemas/media';
import { apiFetch } from '../../api/client';

/** GET /api/home as the home page asks for it; the server-rendered page hands its answer over under the same key. */
export const homeQuery = {
  queryKey: ['home'] as const,
  queryFn: () => apiFetch<HomeResponse>(HOME_PATH),
  staleTime: 5 * 60_000,
};
