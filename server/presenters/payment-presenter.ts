import { CURRENCY } from '../../shared/pricing';
import type { PaymentKind } from '../../shared/schemas/payments';
import type { ClientOrder } from '../../shared/schemas/proofing';
import type { OrderRecord } from '../repositories/order-repository';
import type { OrderWithHistory } from '../services/proofing/orders';
import { awaitsPayment } from '../services/proofing/payments';

/**
 * How to pay an order: the methods the photographer set up, the amount and the reference to quote, while the order
 * awaits payment and there is a way to pay it; null otherwise (the page then keeps its general sentence).
 */
export function presentOrderPayment({ order, paymentMethods }: OrderWithHistory): ClientOrder['payment'] {
  if (!awaitsPayment(order) || paymentMethods.length === 0) return null;
  return {
    methods: [...paymentMethods],
    amount: { amount: order.totalAmount, currency: CURRENCY },
    reference: order.reference ?? '',
  };
}

/** The payment the client reported, until the photographer marks the order paid. */
export function presentPaymentReport(order: OrderRecord): ClientOrder['paymentReport'] {
  const report = order.paymentReport;
  return report ? { method: report.method as PaymentKind, note: report.note, at: report.at } : null;
}
