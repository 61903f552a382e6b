import type { TodayCounts } from '../../shared/schemas/today';
import type { TodayRecord } from '../services/site/today';

export function presentToday(record: TodayRecord): TodayCounts {
  return {
    newOrders: record.newOrders,
    reportedPayments: record.reportedPayments,
    newBookings: record.newBookings,
    processingUploads: record.processingUploads,
    reviewQueue: record.reviewQueue,
  };
}
