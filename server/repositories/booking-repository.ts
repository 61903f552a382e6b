import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { BookingPackage, BookingStatus } from '../../shared/schemas/booking';
import type { Db } from '../db/database';
import type { BookingRequestTable } from '../db/schema';

/** A booking request as the server works with it; amounts in agorot. */
export interface BookingRecord {
  id: string;
  accountId: string;
  email: string;
  event: string;
  date: string;
  riderName: string;
  horses: Array<{ name: string; heat: string }>;
  package: BookingPackage;
  phone: string;
  note: string;
  language: string;
  totalAmount: number | null;
  depositAmount: number | null;
  currency: string;
  status: BookingStatus;
  createdAt: string;
  updatedAt: string;
}

export type NewBooking = Omit<BookingRecord, 'id' | 'status' | 'createdAt' | 'updatedAt'>;

function toRecord(row: Selectable<BookingRequestTable>): BookingRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    email: row.email,
    event: row.event_name,
    date: row.event_date,
    riderName: row.rider_name,
    horses: JSON.parse(row.horses) as BookingRecord['horses'],
    package: row.package as BookingPackage,
    phone: row.phone,
    note: row.note,
    language: row.language,
    totalAmount: row.total_amount,
    depositAmount: row.deposit_amount,
    currency: row.currency,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Booking requests: made by clients, listed and answered by the photographer. */
export function createBookingRepository(db: Db) {
  return {
    async insert(booking: NewBooking, now: string): Promise<BookingRecord> {
      const record: BookingRecord = { ...booking, id: randomUUID(), status: 'new', createdAt: now, updatedAt: now };
      await db
        .insertInto('booking_request')
        .values({
          id: record.id,
          account_id: record.accountId,
          email: record.email,
          event_name: record.event,
          event_date: record.date,
          rider_name: record.riderName,
          horses: JSON.stringify(record.horses),
          package: record.package,
          phone: record.phone,
          note: record.note,
          language: record.language,
          total_amount: record.totalAmount,
          deposit_amount: record.depositAmount,
          currency: record.currency,
          status: record.status,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return record;
    },

    /** Newest first, at most `limit`. */
    async list(options: { limit: number; accountId?: string }): Promise<BookingRecord[]> {
      let query = db.selectFrom('booking_request').selectAll();
      if (options.accountId !== undefined) query = query.where('account_id', '=', options.accountId);
      const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(options.limit).execute();
      return rows.map(toRecord);
    },

    async countWithStatus(status: BookingStatus): Promise<number> {
      const row = await db
        .selectFrom('booking_request')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('status', '=', status)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Sets the status; undefined when there is no such request. */
    async setStatus(id: string, status: BookingStatus, now: string): Promise<BookingRecord | undefined> {
      const result = await db
        .updateTable('booking_request')
        .set({ status, updated_at: now })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      const row = await db.selectFrom('booking_request').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },
  };
}

export type BookingRepository = ReturnType<typeof createBookingRepository>;
