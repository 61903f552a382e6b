import { z } from 'zod';

const count = z.number().int().nonnegative();

/**
 * `GET /api/admin/today`: what waits for the photographer, counted (server/services/site/today.ts says which states
 * count as "new").
 */
export const todayCountsSchema = z.object({
  newOrders: count,
  reportedPayments: count,
  newBookings: count,
  processingUploads: count,
  reviewQueue: count,
});

export type TodayCounts = z.infer<typeof todayCountsSchema>;
