/** The business's details printed on receipts, and every receipt issued, by year. */
export function ReceiptsSection() {
  return null;
}
