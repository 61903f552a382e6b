import { type ReactNode, useState } from 'react';
import type { MediaView } from '../../../shared/schemas/media';
import { Lightbox } from '../../components/Gallery/Lightbox';

/**
 * The viewer over a list held in memory (the picks, one ride's photos), not over gallery pages: which item is open,
 * and the Lightbox stepping through the list. `open` goes to the collage's onOpen; `viewer` is rendered by the page.
 */
export function useListViewer(items: MediaView[], actions?: (item: MediaView) => ReactNode) {
  const [openId, setOpenId] = useState<string | null>(null);
  const index = openId ? items.findIndex((item) => item.id === openId) : -1;
  const current = index >= 0 ? items[index] : undefined;
  return {
    open: (item: MediaView) => setOpenId(item.id),
    viewer: current ? (
      <Lightbox
        item={current}
        number={index + 1}
        total={items.length}
        hasPrevious={index > 0}
        hasNext={index < items.length - 1}
        onStep={(move) => setOpenId(items[index + move]?.id ?? openId)}
        onClose={() => setOpenId(null)}
        actions={actions?.(current)}
      />
    ) : null,
  };
}
