/**
 * The tables of proofing and the sale, as Kysely sees them (the rest are in schema.ts, which lists them all in
 * DatabaseSchema): a gallery's mode, the picks, orders with their items and steps, the gapless counters and the
 * receipts. Same conventions: snake_case columns, ISO-8601 UTC text times, money in agorot.
 */

/** The mode of a client gallery (migration 009_proofing); no row means `delivered`. */
export interface GalleryModeTable {
  folder: string;
  mode: 'delivered' | 'proofing';
  updated_at: string;
}

/** One photo in a client's current, unsent selection. */
export interface PickTable {
  account_id: string;
  media_id: string;
  created_at: string;
}

/** An order, with the prices it was made at (amounts in agorot). */
export interface ClientOrderTable {
  id: string;
  account_id: string;
  /** Where the bought photos go: the client's own folder. */
  folder: string;
  /** Where the selection was made: the client's folder, or a competition's. */
  scope: string;
  kind: 'picks' | 'entry';
  event_id: string | null;
  entry_id: string | null;
  status: 'submitted' | 'paid' | 'delivered' | 'cancelled';
  note: string;
  language: string;
  item_count: number;
  included_count: number;
  unit_amount: number;
  total_amount: number;
  currency: string;
  payment_method: string | null;
  paid_amount: number | null;
  paid_at: string | null;
  delivery: 'picked' | 'gallery' | null;
  created_at: string;
  updated_at: string;
  /** The short reference quoted with a payment (migration 019_order_payments): set on every order there. */
  reference: string | null;
  /** The payment the client reported, until the photographer marks the order paid. */
  payment_reported_at: string | null;
  payment_reported_method: string | null;
  payment_report_note: string | null;
  /** When the client was reminded to pay (once per order). */
  reminded_at: string | null;
}

export interface ClientOrderItemTable {
  order_id: string;
  media_id: string;
  position: number;
}

export interface ClientOrderEventTable {
  id: string;
  order_id: string;
  status: ClientOrderTable['status'];
  at: string;
}

/** A gapless named sequence, such as a year's receipt numbers (migration 018_counters). */
export interface CounterTable {
  name: string;
  value: number;
}

/** The numbered receipt of a paid order, as it was issued (migration 020_receipts); amounts in agorot. */
export interface ReceiptTable {
  order_id: string;
  year: number;
  number: number;
  issued_at: string;
  language: string;
  business_name: string;
  business_number: string | null;
  business_address: string | null;
  business_phone: string | null;
  client_name: string;
  client_email: string;
  /** JSON text: the items' file names, in the order they were picked. */
  items: string;
  amount: number;
  currency: string;
  payment_method: string;
  /** The payment date (YYYY-MM-DD); its year is the receipt's. */
  paid_on: string;
}
