import type { AdminEvent } from '../../../../shared/schemas/events';

/** A link to the event's printable A4 poster (its name, a QR code to its page, how to find one's photos). */
export function EventPosterLink(_props: { event: AdminEvent }) {
  return null;
}
