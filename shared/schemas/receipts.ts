import { z } from 'zod';
import { hasValidCheckDigit, REGISTRATION_NUMBER_LENGTH, registrationDigits } from '../registration-number';
import { optionalPhoneSchema } from './phone';
import { moneySchema, paymentMethodSchema } from './proofing';
import { personText } from './text';

/**
 * Receipts: the business details printed on them (set in the admin panel), and the list of a year's receipts. Each
 * paid order's receipt is issued by the server (server/services/proofing/receipts.ts); the printable page itself is
 * HTML, not JSON.
 */

export const registrationNumberSchema = z
  .string()
  .max(30)
  .transform(registrationDigits)
  .pipe(
    z
      .string()
      .regex(new RegExp(`^\\d{${REGISTRATION_NUMBER_LENGTH}}$`), {
        message: `Write the ${REGISTRATION_NUMBER_LENGTH} digits of the number, leading zeros included.`,
        // The check digit of a number that is not nine digits says nothing more.
        abort: true,
      })
      .refine(hasValidCheckDigit, 'This number does not add up: check its digits.'),
  );

/** The business a receipt names. `address` and `phone` are null when not given. */
export const businessDetailsSchema = z.object({
  name: z.string(),
  /** Nine digits: the owner's ID number (עוסק מורשה / פטור) or the company's number (ח.פ.). */
  registrationNumber: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
});
export type BusinessDetails = z.infer<typeof businessDetailsSchema>;

/** PUT /api/admin/business. An address or phone left out or sent empty is none. */
export const businessDetailsInputSchema = z.object({
  name: personText({ min: 1, max: 120 }),
  registrationNumber: registrationNumberSchema,
  address: personText({ max: 200 })
    .optional()
    .transform((value) => value || null),
  phone: optionalPhoneSchema.optional().transform((value) => value ?? null),
});
export type BusinessDetailsInput = z.input<typeof businessDetailsInputSchema>;

/** GET and PUT /api/admin/business: the details, or null until the photographer first saves them. */
export const businessDetailsAnswerSchema = z.object({ details: businessDetailsSchema.nullable() });

/** The receipts' years: from the first the site could have issued to well past any real payment date. */
export const receiptYearSchema = z.coerce.number().int().min(2000).max(2999);

/** GET /api/admin/receipts and /api/admin/receipts.csv: a calendar year, the current one when left out. */
export const receiptListQuerySchema = z.object({ year: receiptYearSchema.optional() });

/** One receipt in the photographer's list. */
export const receiptSummarySchema = z.object({
  /** As printed: "2026-0001". */
  number: z.string(),
  /** The printable page (HTML). */
  url: z.string(),
  orderId: z.string(),
  /** The payment date, YYYY-MM-DD. */
  paidOn: z.string(),
  issuedAt: z.string(),
  client: z.object({ name: z.string(), email: z.string() }),
  amount: moneySchema,
  method: paymentMethodSchema,
});
export type ReceiptSummary = z.infer<typeof receiptSummarySchema>;

/** GET /api/admin/receipts: the year's receipts in number order, and every year that has receipts (for the chooser). */
export const receiptListSchema = z.object({
  year: z.number().int(),
  years: z.array(z.number().int()),
  receipts: z.array(receiptSummarySchema),
});
export type ReceiptList = z.infer<typeof receiptListSchema>;
