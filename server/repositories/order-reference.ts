import type { Db } from '../db/database';
import { nextInSequence } from './counter-repository';

/** What every order reference starts with: "HD-1042". Short, so a client can type it in a bank transfer's note. */
export const ORDER_REFERENCE_PREFIX = 'HD';
/** The counter the references are taken from, and the first number (migration 019_order_payments follows it). */
export const ORDER_REFERENCE_SEQUENCE = 'order-reference';
export const FIRST_ORDER_REFERENCE = 1001;

/**
 * The next order reference, taken inside `trx`, the transaction that creates the order: the counter row stays locked
 * until it commits, so two orders never share a number, and an order that is not created gives its number back.
 */
export async function takeOrderReference(trx: Db): Promise<string> {
  return `${ORDER_REFERENCE_PREFIX}-${await nextInSequence(trx, ORDER_REFERENCE_SEQUENCE, FIRST_ORDER_REFERENCE)}`;
}
