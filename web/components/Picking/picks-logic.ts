import { picksSummaryPrice } from '../../../shared/pricing';
import type { MediaView } from '../../../shared/schemas/media';
import type { PicksResponse } from '../../../shared/schemas/proofing';

/**
 * The longest note the server takes (ORDER_NOTE_MAX in shared/schemas/proofing.ts). Repeated here because that module
 * is zod schemas, which this page does not otherwise download; picks-logic.test.ts checks the two agree.
 */
export const ORDER_NOTE_MAX = 2000;

/**
 * The selection as it will be once the server has taken a toggle: the id added or removed and the totals computed
 * the server's way. Shown at once; the server's answer replaces it.
 */
export function toggledPicks(previous: PicksResponse, mediaId: string, picked: boolean): PicksResponse {
  const has = previous.mediaIds.includes(mediaId);
  if (has === picked) return previous;
  const mediaIds = picked ? [...previous.mediaIds, mediaId] : previous.mediaIds.filter((id) => id !== mediaId);
  return {
    ...previous,
    mediaIds,
    ...picksSummaryPrice(mediaIds.length, { includedLimit: previous.includedLimit }),
  };
}

/** A moment of an order's history, as the reader's language writes dates and times. */
export function formatWhen(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * Whether an item shown for picking is already the client's: among proofs, the server lists clean (`proof: false`)
 * exactly what a delivered order gave them. Such an item carries no heart; the server refuses to pick it anyway
 * (409 `already-delivered`).
 */
export function isDeliveredItem(item: Pick<MediaView, 'proof'>): boolean {
  return item.proof === false;
}
