import type { ClientOrder } from '../../../shared/schemas/proofing';
import { DownloadAllChoice } from './DownloadAllChoice';

/** Download All for a delivered order, at web size or full size: exactly what the order gave the client. */
export function OrderDownloads({ order }: { order: ClientOrder }) {
  if (!order.downloads) return null;
  return <DownloadAllChoice count={order.count} links={order.downloads} />;
}
