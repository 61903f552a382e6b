import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { ClientOrderTable } from '../db/schema-sales';
import { type NewJob, newJobRow } from './job-repository';
import { takeOrderReference } from './order-reference';

export type OrderStatusValue = ClientOrderTable['status'];
/** An order that still holds its client's selection: it can be paid, delivered or cancelled. */
export const OPEN_STATUSES: readonly OrderStatusValue[] = ['submitted', 'paid'];

/** An order as the server works with it; amounts in agorot. */
export interface OrderRecord {
  id: string;
  accountId: string;
  /** Where the bought photos are delivered: the client's own folder. */
  folder: string;
  /** Where the selection was made: the client's folder, or a competition's. */
  scope: string;
  kind: 'picks' | 'entry';
  eventId: string | null;
  entryId: string | null;
  status: OrderStatusValue;
  note: string;
  language: string;
  itemCount: number;
  includedCount: number;
  unitAmount: number;
  totalAmount: number;
  currency: string;
  paymentMethod: string | null;
  paidAmount: number | null;
  paidAt: string | null;
  delivery: 'picked' | 'gallery' | null;
  createdAt: string;
  updatedAt: string;
  /** The short reference quoted with a payment ("HD-1042"); null only on an order no release has numbered. */
  reference: string | null;
  /** The payment the client said they made, until the photographer marks the order paid. */
  paymentReport: { method: string; note: string; at: string } | null;
  remindedAt: string | null;
}

export interface OrderEvent {
  status: OrderStatusValue;
  at: string;
}

/** What placing an order writes: the order as it starts, and the picked items. */
export type NewOrder = Pick<
  OrderRecord,
  | 'accountId'
  | 'folder'
  | 'scope'
  | 'kind'
  | 'eventId'
  | 'entryId'
  | 'note'
  | 'language'
  | 'includedCount'
  | 'unitAmount'
  | 'totalAmount'
  | 'currency'
> & { mediaIds: string[] };

/** What a status change writes besides the status. */
export type OrderChange = Partial<Pick<OrderRecord, 'paymentMethod' | 'paidAmount' | 'paidAt' | 'delivery'>>;

function toRecord(row: Selectable<ClientOrderTable>): OrderRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    folder: row.folder,
    scope: row.scope,
    kind: row.kind,
    eventId: row.event_id,
    entryId: row.entry_id,
    status: row.status,
    note: row.note,
    language: row.language,
    itemCount: Number(row.item_count),
    includedCount: Number(row.included_count),
    unitAmount: Number(row.unit_amount),
    totalAmount: Number(row.total_amount),
    currency: row.currency,
    paymentMethod: row.payment_method,
    paidAmount: row.paid_amount === null ? null : Number(row.paid_amount),
    paidAt: row.paid_at,
    delivery: row.delivery,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    reference: row.reference,
    paymentReport:
      row.payment_reported_at && row.payment_reported_method
        ? { method: row.payment_reported_method, note: row.payment_report_note ?? '', at: row.payment_reported_at }
        : null,
    remindedAt: row.reminded_at,
  };
}

function groupBy<T extends { order_id: string }, V>(rows: T[], value: (row: T) => V): Map<string, V[]> {
  const map = new Map<string, V[]>();
  for (const row of rows) {
    const list = map.get(row.order_id) ?? [];
    list.push(value(row));
    map.set(row.order_id, list);
  }
  return map;
}

/** Orders, their items and their history. Every status change is a conditional update, so no step happens twice. */
export function createOrderRepository(db: Db) {
  /** The items of the delivered orders of a gallery (`folder`, the scope they were picked in). */
  const deliveredItems = (folder: string) =>
    db
      .selectFrom('client_order_item')
      .innerJoin('client_order', 'client_order.id', 'client_order_item.order_id')
      .select('client_order_item.media_id')
      .where('client_order.scope', '=', folder)
      .where('client_order.status', '=', 'delivered');

  return {
    async findById(id: string): Promise<OrderRecord | undefined> {
      const row = await db.selectFrom('client_order').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    /** The account's open order (submitted or paid) in a scope; the database allows at most one. */
    async openOrderOf(accountId: string, scope: string): Promise<OrderRecord | undefined> {
      const row = await db
        .selectFrom('client_order')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('scope', '=', scope)
        .where('status', 'in', OPEN_STATUSES)
        .executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    /** Whether the account has an order that was not cancelled (its deposit has then been used). */
    async hasUncancelledOrder(accountId: string): Promise<boolean> {
      const row = await db
        .selectFrom('client_order')
        .select('id')
        .where('account_id', '=', accountId)
        .where('status', '!=', 'cancelled')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Newest first; of one scope when given. */
    async listByAccount(accountId: string, scope?: string): Promise<OrderRecord[]> {
      let query = db.selectFrom('client_order').selectAll().where('account_id', '=', accountId);
      if (scope !== undefined) query = query.where('scope', '=', scope);
      const rows = await query.orderBy('created_at', 'desc').orderBy('id').execute();
      return rows.map(toRecord);
    },

    /** Newest first, optionally of one status. */
    async list(options: { status?: OrderStatusValue; limit: number }): Promise<OrderRecord[]> {
      let query = db.selectFrom('client_order').selectAll();
      if (options.status) query = query.where('status', '=', options.status);
      const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(options.limit).execute();
      return rows.map(toRecord);
    },

    /** Media ids of each order, in the order they were picked. */
    async itemsOf(orderIds: string[]): Promise<Map<string, string[]>> {
      if (orderIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('client_order_item')
        .select(['order_id', 'media_id'])
        .where('order_id', 'in', orderIds)
        .orderBy('position')
        .execute();
      return groupBy(rows, (row) => row.media_id);
    },

    async historyOf(orderIds: string[]): Promise<Map<string, OrderEvent[]>> {
      if (orderIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('client_order_event')
        .select(['order_id', 'status', 'at'])
        .where('order_id', 'in', orderIds)
        .orderBy('at')
        .orderBy('id')
        .execute();
      return groupBy(rows, (row) => ({ status: row.status, at: row.at }));
    },

    /**
     * The order with its reference, its items and its first history entry, and the account's picks of those items
     * removed, in one transaction. Throws the database's unique-violation error when the account already has an open order there.
     */
    async create(order: NewOrder): Promise<OrderRecord> {
      const now = new Date().toISOString();
      const row: Selectable<ClientOrderTable> = {
        id: randomUUID(),
        account_id: order.accountId,
        folder: order.folder,
        scope: order.scope,
        kind: order.kind,
        event_id: order.eventId,
        entry_id: order.entryId,
        status: 'submitted',
        note: order.note,
        language: order.language,
        item_count: order.mediaIds.length,
        included_count: order.includedCount,
        unit_amount: order.unitAmount,
        total_amount: order.totalAmount,
        currency: order.currency,
        payment_method: null,
        paid_amount: null,
        paid_at: null,
        delivery: null,
        created_at: now,
        updated_at: now,
        reference: null,
        payment_reported_at: null,
        payment_reported_method: null,
        payment_report_note: null,
        reminded_at: null,
      };
      await db.transaction().execute(async (trx) => {
        row.reference = await takeOrderReference(trx);
        await trx.insertInto('client_order').values(row).execute();
        await trx
          .insertInto('client_order_item')
          .values(order.mediaIds.map((mediaId, position) => ({ order_id: row.id, media_id: mediaId, position })))
          .execute();
        await trx
          .insertInto('client_order_event')
          .values({ id: randomUUID(), order_id: row.id, status: 'submitted', at: now })
          .execute();
        await trx
          .deleteFrom('pick')
          .where('account_id', '=', order.accountId)
          .where('media_id', 'in', order.mediaIds)
          .execute();
      });
      return toRecord(row);
    },

    /**
     * Moves the order from `from` to `to` with the change and a history entry, and queues `job` (the work the step
     * sets off) in the same transaction; false when the order was not in `from`. `alsoWrite` writes what must stand
     * or fall with the step (a paid order's receipt) in that transaction, once the step is certain.
     */
    async transition(
      id: string,
      from: OrderStatusValue,
      to: OrderStatusValue,
      change: OrderChange,
      job?: NewJob,
      alsoWrite?: (trx: Db) => Promise<unknown>,
    ): Promise<boolean> {
      const now = new Date().toISOString();
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('client_order')
          .set({
            status: to,
            updated_at: now,
            ...(change.paymentMethod !== undefined ? { payment_method: change.paymentMethod } : {}),
            ...(change.paidAmount !== undefined ? { paid_amount: change.paidAmount } : {}),
            ...(change.paidAt !== undefined ? { paid_at: change.paidAt } : {}),
            ...(change.delivery !== undefined ? { delivery: change.delivery } : {}),
          })
          .where('id', '=', id)
          .where('status', '=', from)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto('client_order_event')
          .values({ id: randomUUID(), order_id: id, status: to, at: now })
          .execute();
        if (job) await trx.insertInto('job').values(newJobRow(job)).execute();
        if (alsoWrite) await alsoWrite(trx);
        return true;
      });
    },

    /** Whether `mediaId` was delivered to the owner of `folder` by a delivered order of that gallery. */
    async isDelivered(folder: string, mediaId: string): Promise<boolean> {
      const row = await deliveredItems(folder).where('client_order_item.media_id', '=', mediaId).executeTakeFirst();
      return row !== undefined;
    },

    /** Every media id delivered to the owner of `folder`. */
    async deliveredIn(folder: string): Promise<Set<string>> {
      const rows = await deliveredItems(folder).execute();
      return new Set(rows.map((row) => row.media_id));
    },
  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;
