import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { TodayCounts } from '../../../../shared/schemas/today';
import { apiFetch } from '../../../api/client';
import { isFinished } from '../uploads/upload-state';
import { uploadStore } from '../uploads/upload-store';

export const todayKey = ['admin', 'today'] as const;

/** How often the counts are asked again while the panel is open; a focus of the window asks at once as well. */
const REFRESH_MS = 60_000;

/**
 * What waits for the photographer (`GET /api/admin/today`), asked again on focus and every minute: the tabs' badges,
 * the Today page and the app icon's badge all read this one query.
 */
export function useTodayCounts() {
  return useQuery({
    queryKey: todayKey,
    queryFn: () => apiFetch<TodayCounts>('/api/admin/today'),
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
  });
}

/** This device's uploads not finished yet (the server counts a file only once all of it has arrived). */
export function useLocalUploadsInProgress(): number {
  const tasks = useSyncExternalStore(uploadStore.subscribe, uploadStore.getSnapshot, uploadStore.getSnapshot);
  return tasks.filter((task) => !isFinished(task.state)).length;
}

/** Today's rows, in the order they show, each with the tab it opens. */
export const TODAY_ROWS = [
  { kind: 'newOrders', tab: 'orders' },
  { kind: 'reportedPayments', tab: 'orders' },
  { kind: 'newBookings', tab: 'bookings' },
  { kind: 'uploads', tab: 'folders' },
  { kind: 'reviewQueue', tab: 'events' },
] as const;
export type TodayKind = (typeof TODAY_ROWS)[number]['kind'];

/** Each row's count: the server's, plus this device's unfinished uploads in "uploads in progress". */
export function rowCounts(counts: TodayCounts, localUploads: number): Record<TodayKind, number> {
  return {
    newOrders: counts.newOrders,
    reportedPayments: counts.reportedPayments,
    newBookings: counts.newBookings,
    uploads: counts.processingUploads + localUploads,
    reviewQueue: counts.reviewQueue,
  };
}

/** Everything Today shows, added up: the number on the Today tab and on the app's icon. */
export function useTodayTotal(): number | undefined {
  const counts = useTodayCounts();
  const localUploads = useLocalUploadsInProgress();
  if (!counts.data) return undefined;
  return Object.values(rowCounts(counts.data, localUploads)).reduce((sum, count) => sum + count, 0);
}
