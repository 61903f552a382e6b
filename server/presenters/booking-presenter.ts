import type { BookingView } from '../../shared/schemas/booking';
import type { BookingRecord } from '../repositories/booking-repository';

export function presentBooking(record: BookingRecord): BookingView {
  const money = (amount: number | null) => (amount === null ? null : { amount, currency: record.currency });
  return {
    id: record.id,
    status: record.status,
    event: record.event,
    date: record.date,
    riderName: record.riderName,
    horses: record.horses,
    package: record.package,
    phone: record.phone,
    note: record.note,
    language: record.language,
    total: money(record.totalAmount),
    deposit: money(record.depositAmount),
    email: record.email,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}
