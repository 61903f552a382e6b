import type { ClientOrder } from '../../../shared/schemas/proofing';

/** Download All for a delivered order, at web size or full size. */
export function OrderDownloads(_props: { order: ClientOrder }) {
  return null;
}
