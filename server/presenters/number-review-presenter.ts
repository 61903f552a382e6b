import type { NumberCrop, ReviewItem } from '../../shared/schemas/number-review';
import type { NumberBox } from '../repositories/event-reading-repository';
import type { ReviewItem as ReviewRecord } from '../services/events/number-placement';
import type { MediaUrls } from '../services/media/media-urls';
import { presentMedia } from './media-presenter';

/** A box in the read picture's pixels as fractions of its size: the same crop on every rendition of the photo. */
function cropOf(box: NumberBox, width: number, height: number): NumberCrop {
  return { x: box.x / width, y: box.y / height, width: box.width / width, height: box.height / height };
}

/**
 * A photo in the review queue: its clean picture (the proof while the clean ones are still being made), where the
 * number is, and each number read with the entries that have it.
 */
export function presentReviewItem(
  { reading, record, photo, entriesByNumber }: ReviewRecord,
  urls: MediaUrls,
): ReviewItem {
  const clean = record.derivatives.some((item) => item.role === 'image');
  const { width, height } = reading;
  return {
    mediaId: record.id,
    name: record.name,
    image: presentMedia(record, urls, { signed: true, proof: !clean }),
    capturedAt: photo.capturedAt,
    reason: reading.reason ?? 'ambiguous',
    crop: reading.box ? cropOf(reading.box, width, height) : null,
    candidates: reading.candidates.map((candidate) => ({
      number: candidate.number,
      confidence: candidate.confidence,
      crop: cropOf(candidate.box, width, height),
      entries: (entriesByNumber.get(candidate.number) ?? []).map((entry) => ({
        id: entry.id,
        rider: entry.rider,
        horse: entry.horse,
        class: entry.className,
      })),
    })),
  };
}
