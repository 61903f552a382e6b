/** The payment methods clients are shown, and the unpaid-order reminder. */
export function PaymentMethodsSection() {
  return null;
}
