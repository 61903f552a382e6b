import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../account-rules';
import { START_NUMBER_PATTERN } from '../start-number';

/** "Tell me when my photos are ready": a start number and an address (an unlisted event's `key` with them). */
export const riderSubscriptionBodySchema = z.object({
  number: z.string().trim().regex(START_NUMBER_PATTERN, 'a start number is 1 to 6 digits'),
  email: z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH).pipe(z.email('not an e-mail address')),
  key: z.string().max(64).optional(),
});
export type RiderSubscriptionBody = z.input<typeof riderSubscriptionBodySchema>;

/** The one answer to every subscription request, whether or not the address had subscribed already. */
export const riderSubscriptionAcceptedSchema = z.object({ status: z.literal('check-your-email') });

/** A link of a subscription e-mail: its token. */
export const riderSubscriptionTokenQuerySchema = z.object({ token: z.string().min(1).max(100) });

/** What the event's page is told after a subscription link (`?subscription=`). */
export const SUBSCRIPTION_OUTCOMES = ['confirmed', 'unsubscribed', 'invalid'] as const;
