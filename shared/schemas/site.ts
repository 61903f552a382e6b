import { z } from 'zod';

export const siteInfoSchema = z.object({
  /** The external registration form embedded on /contact, or null when not configured. */
  bookingFormUrl: z.string().nullable(),
});

export type SiteInfo = z.infer<typeof siteInfoSchema>;
