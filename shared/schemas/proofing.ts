import { z } from 'zod';
import { CURRENCY, PAYMENT_METHODS } from '../pricing';
import { mediaViewSchema } from './media';
import { paymentMethodEntrySchema, paymentReportSchema } from './payments';
import { multilineText, personText } from './text';

/**
 * Proofing and orders: the mode of a client gallery, the client's picks, and the orders they become. Money is whole
 * agorot with its currency; every total is computed by the server from shared/pricing.ts.
 */

/** `delivered`: the client sees and downloads everything. `proofing`: watermarked proofs only, to pick from. */
export const GALLERY_MODES = ['delivered', 'proofing'] as const;
export const galleryModeSchema = z.enum(GALLERY_MODES);
export type GalleryMode = z.infer<typeof galleryModeSchema>;

/** PATCH /api/admin/folders/:folder */
export const folderModeRequestSchema = z.object({ mode: galleryModeSchema });
export const folderModeResponseSchema = z.object({ folder: z.string(), mode: galleryModeSchema });

export const moneySchema = z.object({ amount: z.number().int().nonnegative(), currency: z.literal(CURRENCY) });
export type MoneyView = z.infer<typeof moneySchema>;

export const ORDER_STATUSES = ['submitted', 'paid', 'delivered', 'cancelled'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** One step of an order's history. */
export const orderEventSchema = z.object({ status: orderStatusSchema, at: z.string() });

/** An order as its client sees it. */
export const clientOrderSchema = z.object({
  id: z.string(),
  status: orderStatusSchema,
  count: z.number().int().nonnegative(),
  total: moneySchema,
  note: z.string(),
  createdAt: z.string(),
  history: z.array(orderEventSchema),
  /** Once delivered: the Download All of what the order gave, at web size (2400 px) and full size; else null. */
  downloads: z.object({ web: z.string(), full: z.string() }).nullable(),
  /** The short reference a client quotes with their payment ("HD-1042"). */
  reference: z.string(),
  /** How to pay, while the order is unpaid (submitted) and there is something to pay; null otherwise. */
  payment: z
    .object({ methods: z.array(paymentMethodEntrySchema), amount: moneySchema, reference: z.string() })
    .nullable(),
  /** The payment the client said they made, until the photographer confirms it. */
  paymentReport: paymentReportSchema.nullable(),
  /** The receipt, once the order is paid: its number as printed ("2026-0001") and its printable page. */
  receipt: z.object({ number: z.string(), url: z.string() }).nullable(),
});
export type ClientOrder = z.infer<typeof clientOrderSchema>;

/**
 * GET /api/me/picks, and the answer of PUT/DELETE /api/me/picks/:mediaId. While an order is open (submitted or
 * paid) the selection is that order's and `locked` is true.
 */
export const picksResponseSchema = z.object({
  mediaIds: z.array(z.string()),
  count: z.number().int().nonnegative(),
  /** Picks the deposit covers, and the price of each further one: what the summary explains. */
  included: z.number().int().nonnegative(),
  /** How many picks the deposit can cover for this selection: the price list's included images, or 0 once used. */
  includedLimit: z.number().int().nonnegative(),
  /**
   * Whether the photographer gave this client their included pictures (then they are simply included), rather than
   * the price list's deposit covering them (a client who signed up on the site).
   */
  includedByPhotographer: z.boolean(),
  unitPrice: moneySchema,
  total: moneySchema,
  /** The gallery's mode: picks exist only in `proofing`. */
  mode: galleryModeSchema,
  locked: z.boolean(),
  /** The open order, or the latest one. */
  order: clientOrderSchema.nullable(),
  /** How many items delivered orders gave the client here (a proofing gallery's Download All holds them). */
  delivered: z.number().int().nonnegative(),
});
export type PicksResponse = z.infer<typeof picksResponseSchema>;

/** GET /api/me/picks/items: the picked items themselves (as proofs), for the "my picks" filter. */
export const pickedItemsSchema = z.object({ items: z.array(mediaViewSchema) });

export const ORDER_NOTE_MAX = 2000;
/** POST /api/me/orders */
export const submitOrderRequestSchema = z.object({ note: multilineText({ max: ORDER_NOTE_MAX }).default('') });
export const orderCreatedSchema = z.object({ id: z.string(), status: orderStatusSchema, total: moneySchema });

/** GET /api/me/orders */
export const clientOrderListSchema = z.object({ orders: z.array(clientOrderSchema) });
export type ClientOrderList = z.infer<typeof clientOrderListSchema>;

export const paymentMethodSchema = z.enum(PAYMENT_METHODS);

/** An order in the photographer's orders tab (without the client's downloads: the photographer has the order's ZIP). */
export const adminOrderSchema = clientOrderSchema.omit({ downloads: true }).extend({
  client: z.object({ name: z.string(), email: z.string(), folder: z.string() }),
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      thumbnail: z.string(),
      kind: z.enum(['image', 'video']),
      /** An edited version replaced the picked photo's original (an upload with `replaces`). */
      edited: z.boolean(),
    }),
  ),
  /** Here, the payment the photographer recorded (a client's `payment` is how to pay). */
  payment: z.object({ method: paymentMethodSchema, amount: moneySchema, paidAt: z.string() }).nullable(),
  /** How it was delivered: the picked items only, or the whole gallery switched to delivered. */
  delivery: z.enum(['picked', 'gallery']).nullable(),
  /** Picks from the client's own gallery or an event page, or a whole competition entry. */
  kind: z.enum(['picks', 'entry']),
  /** For an order from a competition: the event, and for a whole entry, the ride. */
  event: z.object({ name: z.string(), slug: z.string() }).nullable(),
  entry: z.object({ number: z.string(), rider: z.string(), horse: z.string(), class: z.string() }).nullable(),
  /** The receipt's number as printed ("2026-0001"), once the order is paid. */
  receiptNumber: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** GET /api/admin/orders */
export const adminOrderListSchema = z.object({ orders: z.array(adminOrderSchema) });

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

/**
 * PATCH /api/admin/orders/:id — one step forward: submitted → paid → delivered, or cancelled before delivery.
 * Paid takes the method and, optionally, the amount received (agorot; the order's total when absent) and the date
 * (today when absent). Delivered says what the client now gets: the picked items, or the whole gallery.
 */
export const adminOrderPatchSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('paid'),
    paymentMethod: paymentMethodSchema,
    amount: z.number().int().nonnegative().max(100_000_000).optional(),
    paidAt: isoDate.optional(),
  }),
  z.object({ status: z.literal('delivered'), deliver: z.enum(['picked', 'gallery']).default('picked') }),
  z.object({ status: z.literal('cancelled') }),
]);
export type AdminOrderPatch = z.infer<typeof adminOrderPatchSchema>;

/** The watermark on every proof: the site's name, or the photographer's PNG logo, tiled or centred. */
export const WATERMARK_LAYOUTS = ['tiled', 'centered'] as const;
export const watermarkSettingsSchema = z.object({
  text: z.string(),
  layout: z.enum(WATERMARK_LAYOUTS),
  hasLogo: z.boolean(),
  /** Changes whenever the watermark does; proofs made with another version are made again. */
  version: z.string(),
});
export type WatermarkSettings = z.infer<typeof watermarkSettingsSchema>;
/** PUT /api/admin/watermark (the logo itself is PUT /api/admin/watermark/logo as image/png, and DELETE there). */
export const watermarkRequestSchema = z.object({
  text: personText({ min: 1, max: 80 }),
  layout: z.enum(WATERMARK_LAYOUTS),
});
