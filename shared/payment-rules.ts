/**
 * The longest note a client may add when reporting a payment. Here rather than beside the payment schemas, so the
 * public pages that show the report form do not load the schema library for one number.
 */
export const PAYMENT_REPORT_NOTE_MAX = 500;
