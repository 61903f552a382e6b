import { z } from 'zod';
import { PAYMENT_REPORT_NOTE_MAX } from '../payment-rules';
import { PAYMENT_METHODS } from '../pricing';
import { multilineText, personText } from './text';

/**
 * How clients pay the photographer: the methods the photographer sets up in the panel (shown with every unpaid order,
 * in the confirmation e-mail and in reminders), when reminders go out, and the payment a client reports. Every rule
 * here runs on the server (and the panel shows its refusals by the field); what is stored has passed it.
 */

export const paymentKindSchema = z.enum(PAYMENT_METHODS);
export type PaymentKind = z.infer<typeof paymentKindSchema>;

/** Why a field was refused, for the panel to say it in the photographer's language (`params.reason` of an issue). */
export const PAYMENT_FIELD_REASONS = ['israeli-mobile', 'https-link', 'required'] as const;
export type PaymentFieldReason = (typeof PAYMENT_FIELD_REASONS)[number];

/** Digits of an Israeli mobile number after the 0 (or +972): 5, then eight more. */
const MOBILE_DIGITS = /^5\d{8}$/;
/** What may separate the parts of a number as people type it. */
const SEPARATORS = /[\s\-.()]/g;

/**
 * An Israeli mobile number as Bit and PayBox know it: "050-1234567", "0501234567", "050 123 4567", "+972 50-123-4567"
 * or "00972501234567", stored as 05X-XXXXXXX (the form every Israeli reads), or null when it is not one.
 */
export function normalizeIsraeliMobile(typed: string): string | null {
  const compact = typed.trim().replace(SEPARATORS, '');
  const national = /^(?:\+972|00972|0)(\d+)$/.exec(compact)?.[1];
  if (!national || !MOBILE_DIGITS.test(national)) return null;
  return `0${national.slice(0, 2)}-${national.slice(2)}`;
}

const israeliMobile = z
  .string()
  .max(30)
  .transform((value, context) => {
    const normalized = normalizeIsraeliMobile(value);
    if (normalized !== null) return normalized;
    context.addIssue({
      code: 'custom',
      message: 'Enter an Israeli mobile number, such as 050-1234567 or +972 50-123-4567.',
      params: { reason: 'israeli-mobile' satisfies PaymentFieldReason },
    });
    return z.NEVER;
  });

export const PAYMENT_LINK_MAX = 500;

/**
 * A link a client opens to pay: https only (never http:, javascript: or data:), with a host and no user name or
 * password in it (a link that hides where it leads), stored as the URL parser writes it.
 */
const httpsLink = z
  .string()
  .trim()
  .max(PAYMENT_LINK_MAX)
  .transform((value, context) => {
    let url: URL | null = null;
    try {
      url = new URL(value);
    } catch {
      // Not a URL at all: refused below like any other.
    }
    if (url && url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password) {
      return url.href;
    }
    context.addIssue({
      code: 'custom',
      message: 'Enter a full https:// link, such as https://pay.example.com/you.',
      params: { reason: 'https-link' satisfies PaymentFieldReason },
    });
    return z.NEVER;
  });

/** Text a method cannot do without. */
const required = <T extends z.ZodString>(schema: T) =>
  schema.refine((value) => value.length > 0, {
    message: 'This field is required.',
    params: { reason: 'required' satisfies PaymentFieldReason },
  });

export const BANK_DETAILS_MAX = 500;
export const PAYMENT_LABEL_MAX = 60;

/**
 * PayBox: the photographer's number, or their PayBox link (which opens the app), one of the two. The refusal names the
 * number's field, the one the panel shows first.
 */
const payboxInput = z
  .object({ kind: z.literal('paybox'), phone: israeliMobile.optional(), link: httpsLink.optional() })
  .superRefine((value, context) => {
    if ((value.phone === undefined) === (value.link === undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['phone'],
        message: 'Give the PayBox number or the PayBox link, one of the two.',
        params: { reason: 'required' satisfies PaymentFieldReason },
      });
    }
  })
  .transform(({ kind, phone, link }) => (phone !== undefined ? { kind, phone } : { kind, link: link ?? '' }));

/**
 * One way to pay, as the photographer sets it up. PayBox takes the number or the photographer's PayBox link; bank
 * details are the bank, branch, account and account holder, as lines of text; a payment link has a label that says
 * what it is ("Credit card").
 */
export const paymentMethodInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('bit'), phone: israeliMobile }),
  payboxInput,
  z.object({ kind: z.literal('bank'), details: required(multilineText({ max: BANK_DETAILS_MAX })) }),
  z.object({ kind: z.literal('cash') }),
  z.object({
    kind: z.literal('link'),
    label: required(personText({ max: PAYMENT_LABEL_MAX })),
    url: httpsLink,
  }),
]);

/** A payment method as stored and as the API answers it (already checked and normalised). */
export const paymentMethodEntrySchema = z.union([
  z.object({ kind: z.literal('bit'), phone: z.string() }),
  z.object({ kind: z.literal('paybox'), phone: z.string() }),
  z.object({ kind: z.literal('paybox'), link: z.string() }),
  z.object({ kind: z.literal('bank'), details: z.string() }),
  z.object({ kind: z.literal('cash') }),
  z.object({ kind: z.literal('link'), label: z.string(), url: z.string() }),
]);
export type PaymentMethodEntry = z.infer<typeof paymentMethodEntrySchema>;

export const PAYMENT_METHODS_MAX = 10;
export const REMINDER_DAYS_MAX = 60;
/** Until the photographer chooses, a client who has not paid is reminded three days after sending their selection. */
export const DEFAULT_REMINDER_DAYS = 3;

/** PUT /api/admin/payment-methods: every method, in the order clients see them, and the reminder (0 days: none). */
export const paymentSettingsRequestSchema = z.object({
  methods: z.array(paymentMethodInputSchema).max(PAYMENT_METHODS_MAX),
  reminderDays: z.number().int().min(0).max(REMINDER_DAYS_MAX),
});

/** GET and PUT /api/admin/payment-methods answer this. */
export const paymentSettingsSchema = z.object({
  methods: z.array(paymentMethodEntrySchema),
  reminderDays: z.number().int(),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

/** POST /api/me/orders/:id/payment-report: how the client paid, and a word for the photographer if they like. */
export const paymentReportRequestSchema = z.object({
  method: paymentKindSchema,
  note: multilineText({ max: PAYMENT_REPORT_NOTE_MAX }).default(''),
});

/** The payment a client reported for an order, until the photographer confirms it. */
export const paymentReportSchema = z.object({ method: paymentKindSchema, note: z.string(), at: z.string() });
export type PaymentReport = z.infer<typeof paymentReportSchema>;
