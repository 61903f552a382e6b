import type { ClientOrder } from '../../../shared/schemas/proofing';

/** How to pay an unpaid order (methods, amount, reference) and the form that reports a payment. */
export function OrderPayment(_props: { order: ClientOrder }) {
  return null;
}
