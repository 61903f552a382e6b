import { type ReactNode, useEffect, useState } from 'react';
import type { MediaView } from '../../../shared/schemas/media';
import { LazyLightbox } from '../Gallery/LazyLightbox';

/** History state of the entry an open list viewer adds, so Back closes it as it does the gallery's viewer. */
const VIEWER_ENTRY = 'list-viewer-open';

/**
 * The viewer over a list held in memory (the picks, one ride's photos), not over gallery pages: which item is open,
 * and the viewer stepping through the list. `open` goes to the collage's onOpen; `viewer` is rendered by the page.
 * Opening adds a history entry at the same address, so the browser's Back closes the viewer instead of leaving the
 * page; closing it otherwise takes that entry away again.
 */
export function useListViewer(items: MediaView[], actions?: (item: MediaView) => ReactNode) {
  const [openId, setOpenId] = useState<string | null>(null);
  const index = openId ? items.findIndex((item) => item.id === openId) : -1;
  const current = index >= 0 ? items[index] : undefined;
  const isOpen = current !== undefined;

  useEffect(() => {
    if (!isOpen) return;
    window.history.pushState(VIEWER_ENTRY, '');
    const onBack = () => setOpenId(null);
    window.addEventListener('popstate', onBack);
    return () => {
      window.removeEventListener('popstate', onBack);
      if (window.history.state === VIEWER_ENTRY) window.history.back();
    };
  }, [isOpen]);

  return {
    open: (item: MediaView) => setOpenId(item.id),
    viewer: current ? (
      <LazyLightbox
        item={current}
        number={index + 1}
        total={items.length}
        hasPrevious={index > 0}
        hasNext={index < items.length - 1}
        onStep={(move) => setOpenId(items[index + move]?.id ?? openId)}
        onClose={() => setOpenId(null)}
        actions={actions?.(current)}
        neighbours={[items[index - 1], items[index + 1]]}
      />
    ) : null,
  };
}
