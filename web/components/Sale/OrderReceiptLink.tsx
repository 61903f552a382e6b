import type { ClientOrder } from '../../../shared/schemas/proofing';

/** The link to the order's receipt, once it is paid. */
export function OrderReceiptLink(_props: { order: ClientOrder }) {
  return null;
}
