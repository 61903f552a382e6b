import { mailLanguage } from '../../mail/mail-text';
import type { Mailer } from '../../mail/mailer';
import { riderPhotosEmail } from '../../mail/rider-emails';
import type { Job } from '../../repositories/job-repository';
import type { RiderSubscriptionRepository } from '../../repositories/rider-subscription-repository';
import type { EventLookup } from './event-lookup';

/**
 * The batched "your photos are online" mails of one event: each confirmed subscription whose number now shows more
 * photos than its last mail told of gets one mail with the count and a link to the event's search for that number.
 * What a mail told is recorded before it is sent (so two runs never both send it) and taken back if sending fails,
 * so the job's retry sends it then.
 */
export function createRiderNoticeJobHandler(deps: {
  subscriptions: RiderSubscriptionRepository;
  lookup: Pick<EventLookup, 'mustFind'>;
  mailer: Pick<Mailer, 'send'>;
  siteName: string;
  publicUrl: string;
}) {
  const { subscriptions } = deps;
  return {
    async run(job: Job): Promise<void> {
      const { eventId } = job.payload as { eventId: string };
      const event = await deps.lookup.mustFind(eventId).catch(() => null);
      // A hidden event has no page to send anyone to; its subscribers hear once it is shown and placed again.
      if (!event || event.visibility === 'hidden') return;
      const [wanted, shown] = await Promise.all([
        subscriptions.confirmedOf(eventId),
        subscriptions.shownPhotosByNumber(eventId),
      ]);
      const keyParam = event.visibility === 'unlisted' ? `&key=${encodeURIComponent(event.accessKey)}` : '';
      for (const subscription of wanted) {
        const count = shown.get(subscription.number) ?? 0;
        if (count <= subscription.toldCount) continue;
        if (!(await subscriptions.recordTold(subscription.id, subscription.toldCount, count))) continue;
        const message = riderPhotosEmail({
          to: subscription.email,
          language: mailLanguage(subscription.language),
          siteName: deps.siteName,
          eventName: event.name,
          number: subscription.number,
          count,
          eventLink: `${deps.publicUrl}/events/${event.slug}?q=${encodeURIComponent(subscription.number)}${keyParam}`,
          unsubscribeLink: `${deps.publicUrl}/api/subscriptions/unsubscribe?token=${subscription.unsubscribeToken}`,
        });
        try {
          await deps.mailer.send(message);
        } catch (error) {
          await subscriptions.undoTold(subscription.id, subscription.toldCount, count);
          throw error;
        }
      }
    },
  };
}
