import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { ReceiptTable } from '../db/schema-sales';
import { nextInSequence } from './counter-repository';

/** A receipt's place in its year's sequence: receipt `number` of `year`. */
export interface ReceiptRef {
  year: number;
  number: number;
}

/** A receipt as it was issued; amounts in agorot. */
export interface ReceiptRecord extends ReceiptRef {
  orderId: string;
  issuedAt: string;
  /** The language it is written in: the order's. */
  language: string;
  business: { name: string; registrationNumber: string | null; address: string | null; phone: string | null };
  client: { name: string; email: string };
  /** The items' file names, in the order they were picked. */
  items: string[];
  amount: number;
  currency: string;
  paymentMethod: string;
  /** The payment date, YYYY-MM-DD. */
  paidOn: string;
}

/** What the service decides a receipt says; the number, the items and the time are added as it is issued. */
export type ReceiptDraft = Omit<ReceiptRecord, 'year' | 'number' | 'issuedAt' | 'items'>;

/** The counter a year's receipt numbers are taken from (server/repositories/counter-repository.ts). */
export const receiptCounter = (year: number) => `receipt:${year}`;

function toRecord(row: Selectable<ReceiptTable>): ReceiptRecord {
  return {
    orderId: row.order_id,
    year: Number(row.year),
    number: Number(row.number),
    issuedAt: row.issued_at,
    language: row.language,
    business: {
      name: row.business_name,
      registrationNumber: row.business_number,
      address: row.business_address,
      phone: row.business_phone,
    },
    client: { name: row.client_name, email: row.client_email },
    items: JSON.parse(row.items) as string[],
    amount: Number(row.amount),
    currency: row.currency,
    paymentMethod: row.payment_method,
    paidOn: row.paid_on,
  };
}

/** Receipts: issued once per paid order, numbered without gaps per calendar year, never changed or deleted. */
export function createReceiptRepository(db: Db) {
  return {
    /**
     * Issues the receipt inside `trx`, the transaction that marks the order paid: the year's next number (the
     * counter row stays locked until `trx` ends, so concurrent payments on any instance get consecutive numbers, and
     * a rollback gives the number back), the order's items as they are named now, and the row.
     */
    async issue(trx: Db, draft: ReceiptDraft): Promise<ReceiptRecord> {
      const year = Number(draft.paidOn.slice(0, 4));
      const number = await nextInSequence(trx, receiptCounter(year));
      const items = await trx
        .selectFrom('client_order_item')
        .innerJoin('media', 'media.id', 'client_order_item.media_id')
        .select('media.name')
        .where('client_order_item.order_id', '=', draft.orderId)
        .orderBy('client_order_item.position')
        .execute();
      const row: Selectable<ReceiptTable> = {
        order_id: draft.orderId,
        year,
        number,
        issued_at: new Date().toISOString(),
        language: draft.language,
        business_name: draft.business.name,
        business_number: draft.business.registrationNumber,
        business_address: draft.business.address,
        business_phone: draft.business.phone,
        client_name: draft.client.name,
        client_email: draft.client.email,
        items: JSON.stringify(items.map((item) => item.name)),
        amount: draft.amount,
        currency: draft.currency,
        payment_method: draft.paymentMethod,
        paid_on: draft.paidOn,
      };
      await trx.insertInto('receipt').values(row).execute();
      return toRecord(row);
    },

    async findByOrderId(orderId: string): Promise<ReceiptRecord | undefined> {
      const row = await db.selectFrom('receipt').selectAll().where('order_id', '=', orderId).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    async findByNumber(ref: ReceiptRef): Promise<ReceiptRecord | undefined> {
      const row = await db
        .selectFrom('receipt')
        .selectAll()
        .where('year', '=', ref.year)
        .where('number', '=', ref.number)
        .executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    /** The receipts of a year, in number order. */
    async listYear(year: number): Promise<ReceiptRecord[]> {
      const rows = await db.selectFrom('receipt').selectAll().where('year', '=', year).orderBy('number').execute();
      return rows.map(toRecord);
    },

    /** Every year that has a receipt, newest first. */
    async years(): Promise<number[]> {
      const rows = await db.selectFrom('receipt').select('year').distinct().orderBy('year', 'desc').execute();
      return rows.map((row) => Number(row.year));
    },

    /** The receipt of each of these orders that has one. */
    async refsOf(orderIds: string[]): Promise<Map<string, ReceiptRef>> {
      if (orderIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('receipt')
        .select(['order_id', 'year', 'number'])
        .where('order_id', 'in', orderIds)
        .execute();
      return new Map(rows.map((row) => [row.order_id, { year: Number(row.year), number: Number(row.number) }]));
    },
  };
}

export type ReceiptRepository = ReturnType<typeof createReceiptRepository>;
