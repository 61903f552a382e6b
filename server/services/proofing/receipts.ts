import type { BusinessDetails } from '../../../shared/schemas/receipts';
import type { SessionUser } from '../../../shared/schemas/session';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { ClientRepository } from '../../repositories/client-repository';
import type { OrderChange, OrderRecord, OrderRepository } from '../../repositories/order-repository';
import type { ReceiptRecord, ReceiptRef, ReceiptRepository } from '../../repositories/receipt-repository';
import type { SettingsRepository } from '../../repositories/settings-repository';

/** The settings key of the business details printed on receipts; absent until the photographer first saves them. */
export const BUSINESS_DETAILS_SETTING = 'business.details';

/** What marking an order paid records: the method, the amount received (agorot) and the payment date. */
export type Payment = { [field in 'paymentMethod' | 'paidAmount' | 'paidAt']-?: NonNullable<OrderChange[field]> };

/** Writes the receipt inside the transaction that marks the order paid (OrderRepository.transition's `alsoWrite`). */
export type ReceiptIssuer = (trx: Db) => Promise<ReceiptRecord>;

export interface ReceiptsDeps {
  receipts: ReceiptRepository;
  orders: Pick<OrderRepository, 'findById'>;
  clients: Pick<ClientRepository, 'findByAccountId'>;
  settings: Pick<SettingsRepository, 'get' | 'set'>;
  /** What a receipt names as the business until the photographer sets its details. */
  siteName: string;
}

/** A year's receipts for the photographer, and the years there are receipts of. */
export interface ReceiptYear {
  year: number;
  years: number[];
  receipts: ReceiptRecord[];
}

const noSuchOrder = () => new AppError('not-found', 'There is no such order.');
const noSuchReceipt = () => new AppError('not-found', 'There is no such receipt.');
const currentYear = () => new Date().getUTCFullYear();

/**
 * Receipts: every order marked paid gets one, in the same transaction, numbered per calendar year of the payment
 * date without gaps (2026-0001, 2026-0002, …). A receipt says what was true when it was issued (the business, the
 * client, the items, the payment) and is never changed or deleted, even when the order is cancelled afterwards. Its
 * owner and the photographer may read it.
 */
export function createReceiptService(deps: ReceiptsDeps) {
  const { receipts } = deps;

  async function businessDetails(): Promise<BusinessDetails | null> {
    return (await deps.settings.get<BusinessDetails>(BUSINESS_DETAILS_SETTING)) ?? null;
  }

  return {
    businessDetails,

    /** The details have passed businessDetailsInputSchema: stored as they are, for the receipts issued from now on. */
    async saveBusinessDetails(details: BusinessDetails): Promise<BusinessDetails> {
      await deps.settings.set(BUSINESS_DETAILS_SETTING, details);
      return details;
    },

    /**
     * Prepares the receipt of `order` about to be marked paid with `payment`, and answers the writer the order's
     * step runs in its transaction. Without business details it still issues one, under the site's name: a payment
     * is never refused for want of paperwork, and the panel says what is missing.
     */
    async issuerFor(order: OrderRecord, payment: Payment): Promise<ReceiptIssuer> {
      const [business, client] = await Promise.all([businessDetails(), deps.clients.findByAccountId(order.accountId)]);
      return (trx) =>
        receipts.issue(trx, {
          orderId: order.id,
          language: order.language,
          business: business ?? { name: deps.siteName, registrationNumber: null, address: null, phone: null },
          client: { name: client?.fullName ?? '', email: client?.email ?? '' },
          amount: payment.paidAmount,
          currency: order.currency,
          paymentMethod: payment.paymentMethod,
          paidOn: payment.paidAt,
        });
    },

    /** The receipt of each of these orders that has one, for the order lists. */
    refsOf: (orderIds: string[]): Promise<Map<string, ReceiptRef>> => receipts.refsOf(orderIds),

    /**
     * The receipt of an order, for its owner or the photographer. Another client's order is answered as no order at
     * all; an order not paid yet has no receipt (409 `receipt-not-issued`).
     */
    async ofOrder(user: SessionUser, orderId: string): Promise<ReceiptRecord> {
      const order = await deps.orders.findById(orderId);
      if (!order || (!user.isAdmin && order.accountId !== user.id)) throw noSuchOrder();
      const receipt = await receipts.findByOrderId(orderId);
      if (!receipt) {
        throw new AppError('receipt-not-issued', 'This order has no receipt yet: one is issued when it is paid.');
      }
      return receipt;
    },

    /** A receipt by its number, for the photographer. */
    async byNumber(ref: ReceiptRef): Promise<ReceiptRecord> {
      const receipt = await receipts.findByNumber(ref);
      if (!receipt) throw noSuchReceipt();
      return receipt;
    },

    /** A year's receipts (the current year's by default), with every year that has some, and this one. */
    async ofYear(year = currentYear()): Promise<ReceiptYear> {
      const [list, years] = await Promise.all([receipts.listYear(year), receipts.years()]);
      const chooser = [...new Set([...years, year, currentYear()])].sort((a, b) => b - a);
      return { year, years: chooser, receipts: list };
    },
  };
}

export type ReceiptService = ReturnType<typeof createReceiptService>;
