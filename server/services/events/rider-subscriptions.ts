import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '../../../shared/i18n/languages';
import type { Mailer } from '../../mail/mailer';
import { riderConfirmEmail } from '../../mail/rider-emails';
import type { EventRecord } from '../../repositories/event-repository';
import type { RiderSubscriptionRepository } from '../../repositories/rider-subscription-repository';
import type { EventLookup } from './event-lookup';

/** The job that sends the batched "your photos are online" mails of one event (rider-notice-job.ts). */
export const RIDER_NOTICE_JOB = 'rider-notices';

const newToken = () => randomBytes(32).toString('base64url');
export const hashRiderToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Where a rider lands after a link of theirs: the event's page, which says what happened. */
export type SubscriptionOutcome = 'confirmed' | 'unsubscribed' | 'invalid';

/** A link's outcome and the event whose page tells it (null: the link named none); an unlisted event's key with it. */
export interface SubscriptionLanding {
  outcome: SubscriptionOutcome;
  event: { slug: string; key: string | undefined } | null;
}

const landingOf = (event: EventRecord | null, outcome: SubscriptionOutcome): SubscriptionLanding => ({
  outcome,
  event: event ? { slug: event.slug, key: event.visibility === 'unlisted' ? event.accessKey : undefined } : null,
});

export interface RiderSubscriptionDeps {
  subscriptions: RiderSubscriptionRepository;
  lookup: Pick<EventLookup, 'visibleEvent' | 'mustFind'>;
  mailer: Pick<Mailer, 'sendLater'>;
  siteName: string;
  publicUrl: string;
  /** How long after placements the mails go out: placements within it are told of in one mail. */
  noticeDelayMs: number;
}

/**
 * "Tell me when my photos are ready": a rider leaves a start number and an address on an event's page, proves the
 * address by a link, and hears once per batch of placements under that number. Every mail carries a one-click
 * unsubscribe link. Nothing tells a caller whether an address had already subscribed.
 */
export function createRiderSubscriptions(deps: RiderSubscriptionDeps) {
  const { subscriptions } = deps;
  const apiLink = (path: string, token: string) => `${deps.publicUrl}/api/subscriptions/${path}?token=${token}`;

  /**
   * Photos of the event were placed (by time, by hand or by number): the mails go out once, `noticeDelayMs` later,
   * for every placement until then. One job per event waits at a time.
   */
  async function photosPlaced(eventId: string): Promise<void> {
    // Most events have nobody waiting: their placements queue nothing.
    if (!(await subscriptions.anyConfirmed(eventId))) return;
    await subscriptions.queueNotice(RIDER_NOTICE_JOB, eventId, new Date(Date.now() + deps.noticeDelayMs));
  }

  return {
    /**
     * Records the request and mails the confirmation link in the background (an address already confirmed gets no
     * mail), so the answer is the same, and as quick, whoever asks. The number need not be in the start list yet.
     */
    async subscribe(input: {
      slug: string;
      key: string | undefined;
      number: string;
      email: string;
      language: Language;
    }): Promise<void> {
      const event = await deps.lookup.visibleEvent(input.slug, input.key);
      const confirmToken = newToken();
      const { record } = await subscriptions.upsert({
        eventId: event.id,
        number: input.number,
        email: input.email,
        language: input.language,
        confirmTokenHash: hashRiderToken(confirmToken),
        unsubscribeToken: newToken(),
      });
      if (record.confirmedAt !== null) return;
      deps.mailer.sendLater(
        riderConfirmEmail({
          to: record.email,
          language: input.language,
          siteName: deps.siteName,
          eventName: event.name,
          number: record.number,
          confirmLink: apiLink('confirm', confirmToken),
          unsubscribeLink: apiLink('unsubscribe', record.unsubscribeToken),
        }),
      );
    },

    /** Opens a confirmation link: where to send the rider (their event's page) and what to tell them there. */
    async confirm(token: string): Promise<SubscriptionLanding> {
      const record = await subscriptions.confirm(hashRiderToken(token));
      if (!record) return landingOf(null, 'invalid');
      const event = await deps.lookup.mustFind(record.eventId);
      // Photos may already be online: the next run tells of them.
      await photosPlaced(record.eventId);
      return landingOf(event, 'confirmed');
    },

    /** Opens an unsubscribe link: the subscription is gone (again: a second click changes nothing). */
    async unsubscribe(token: string): Promise<SubscriptionLanding> {
      const record = await subscriptions.remove(token);
      const event = record ? await deps.lookup.mustFind(record.eventId).catch(() => null) : null;
      return landingOf(event, 'unsubscribed');
    },

    photosPlaced,
  };
}

export type RiderSubscriptions = ReturnType<typeof createRiderSubscriptions>;
