import type { AdminEvent } from '../../../../shared/schemas/events';

/** The photos whose start number needs the photographer's eye: confirm or correct each with one tap. */
export function ReviewQueue(_props: { event: AdminEvent }) {
  return null;
}
