import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import type { PriceCardId } from '../pricing';
import { phoneSchema } from './phone';
import { multilineText, personText } from './text';

/** The packages a booking can ask for: the cards of the price list. */
export const BOOKING_PACKAGES = ['entrance', 'choice', 'video', 'custom'] as const satisfies readonly PriceCardId[];
export type BookingPackage = (typeof BOOKING_PACKAGES)[number];

/** Where a request stands: new until the photographer confirms or declines it. */
export const BOOKING_STATUSES = ['new', 'confirmed', 'declined'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_LIMITS = { horses: 12, note: 1000, event: 200, rider: 120, horse: 80, heat: 80 } as const;

const text = (min: number, max: number) => personText({ min, max });

export const bookingHorseSchema = z.object({
  name: text(1, BOOKING_LIMITS.horse),
  heat: text(1, BOOKING_LIMITS.heat),
});

/** POST /api/bookings: what a client asks for. The price is not sent: the server computes it. */
export const bookingRequestBodySchema = z.object({
  event: text(2, BOOKING_LIMITS.event),
  /** The competition's day, YYYY-MM-DD; the server refuses a day already past. */
  date: z.iso.date(),
  riderName: text(2, BOOKING_LIMITS.rider),
  horses: z.array(bookingHorseSchema).min(1).max(BOOKING_LIMITS.horses),
  package: z.enum(BOOKING_PACKAGES),
  phone: phoneSchema,
  note: multilineText({ max: BOOKING_LIMITS.note }).default(''),
  /** The page's language: the confirmation e-mail is written in it. */
  language: z.enum(LANGUAGES),
});

export type BookingRequestBody = z.output<typeof bookingRequestBodySchema>;

const moneySchema = z.object({ amount: z.number().int(), currency: z.string() });

export const bookingViewSchema = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  event: z.string(),
  date: z.string(),
  riderName: z.string(),
  horses: z.array(z.object({ name: z.string(), heat: z.string() })),
  package: z.enum(BOOKING_PACKAGES),
  phone: z.string(),
  note: z.string(),
  language: z.string(),
  total: moneySchema.nullable(),
  deposit: moneySchema.nullable(),
  /** The client's account address (the photographer's list shows it). */
  email: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type BookingView = z.infer<typeof bookingViewSchema>;

export const bookingListSchema = z.object({ items: z.array(bookingViewSchema) });

export const bookingStatusBodySchema = z.object({ status: z.enum(BOOKING_STATUSES) });

/** The kinds of news the photographer is told of, by e-mail and as a count in the panel. */
export const NOTICE_KINDS = ['signup', 'agreement', 'booking', 'payment'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** GET /api/admin/notices: how many of each kind arrived since the photographer last looked. */
export const noticeCountsSchema = z.object({
  signup: z.number(),
  agreement: z.number(),
  booking: z.number(),
  /** Payments clients reported for their orders. */
  payment: z.number(),
});
export type NoticeCounts = z.infer<typeof noticeCountsSchema>;
