import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../account-rules';
import { digitsOf } from '../phone';
import { phoneSchema } from './phone';

/**
 * The photographer's contact details, as everyone sees them (the footer, /contact, a client's empty gallery). Each is
 * null until the photographer sets it; links are stored ready to use: the WhatsApp one is always an https link to
 * WhatsApp, the Instagram and Facebook ones https links to those sites.
 */
export const contactDetailsSchema = z.object({
  phone: z.string().nullable(),
  whatsapp: z.string().nullable(),
  email: z.string().nullable(),
  instagram: z.string().nullable(),
  facebook: z.string().nullable(),
});

export type ContactDetails = z.infer<typeof contactDetailsSchema>;

export const NO_CONTACT_DETAILS: ContactDetails = {
  phone: null,
  whatsapp: null,
  email: null,
  instagram: null,
  facebook: null,
};

export const siteInfoSchema = z.object({
  /** The external registration form embedded on /contact, or null when not configured. */
  bookingFormUrl: z.string().nullable(),
  contact: contactDetailsSchema,
  /** The demo photos of a new site are still being made: the empty gallery says so instead of "nothing here". */
  demoPreparing: z.boolean(),
});

export type SiteInfo = z.infer<typeof siteInfoSchema>;

const URL_MAX_LENGTH = 300;

/** A field the photographer may leave empty: "" (or only spaces) clears it. */
function optional<T extends z.ZodType<unknown, string>>(schema: T) {
  return z
    .string()
    .trim()
    .max(URL_MAX_LENGTH)
    .transform((value) => (value === '' ? null : value))
    .pipe(schema.nullable());
}

/** An https address on one of `hosts` (with or without www.), normalised by the URL parser. */
function httpsOn(hosts: string[], message: string) {
  const escaped = hosts.map((host) => host.replace(/\./g, '\\.')).join('|');
  return z
    .url({ protocol: /^https$/, hostname: new RegExp(`^(www\\.)?(${escaped})$`), error: message })
    .transform((value) => new URL(value).href);
}

const INSTAGRAM_HANDLE = /^@?([A-Za-z0-9._]{1,30})$/;

/**
 * WhatsApp: a number in international form (wa.me needs the country code, so "+972 50…", not "050…"), which becomes
 * its https://wa.me/ link, or a link of WhatsApp's own.
 */
const whatsapp = z.union([
  phoneSchema
    .refine((value) => value.startsWith('+'), 'Write the number in international form, starting with +.')
    .transform((value) => `https://wa.me/${digitsOf(value)}`),
  httpsOn(['wa.me', 'api.whatsapp.com', 'chat.whatsapp.com'], 'Use a WhatsApp number or a https://wa.me/ link.'),
]);

/** Instagram: a handle ("@rider.photos") or an https link to instagram.com. */
const instagram = z.union([
  z
    .string()
    .regex(INSTAGRAM_HANDLE)
    .transform((value) => `https://www.instagram.com/${value.replace(/^@/, '')}/`),
  httpsOn(['instagram.com'], 'Use an Instagram handle or a https://instagram.com/ link.'),
]);

/** What the photographer sends from the admin panel; every field is required, and "" clears it. */
export const contactDetailsInputSchema = z.object({
  phone: optional(phoneSchema),
  whatsapp: optional(whatsapp),
  email: optional(z.email().max(EMAIL_MAX_LENGTH)),
  instagram: optional(instagram),
  facebook: optional(
    httpsOn(['facebook.com', 'm.facebook.com', 'fb.com', 'fb.me'], 'Use a https://facebook.com/ link.'),
  ),
});

export type ContactDetailsInput = z.input<typeof contactDetailsInputSchema>;
