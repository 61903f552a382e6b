import { useCallback, useMemo } from 'react';
import { readGalleryUrl } from '../../../shared/gallery-url';
import type { GalleryType } from '../../../shared/schemas/gallery';
import { useSearchParams } from '../../router';

export { type GalleryUrlState, readGalleryUrl } from '../../../shared/gallery-url';

/** History state marking an entry the gallery pushed to open an item, so closing can step back over it. */
const OPENED_HERE = 'gallery-item-opened';

/**
 * The gallery's state lives in the URL: filter, page and the open item. Filter and page changes are new history
 * entries; opening an item is one too, so Back closes it; stepping between items replaces it, so Back still closes.
 */
export function useGalleryUrl() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readGalleryUrl(params), [params]);

  const update = useCallback(
    (
      changes: Partial<Record<'type' | 'page' | 'item', string | null>>,
      options: { replace?: boolean; state?: unknown },
    ) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === undefined) next.delete(key);
          else next.set(key, value);
        }
        return next;
      }, options),
    [setParams],
  );

  return {
    ...state,
    setType: (type: GalleryType) => update({ type: type === 'all' ? null : type, page: null, item: null }, {}),
    setPage: (page: number, options: { replace?: boolean } = {}) =>
      update({ page: page === 1 ? null : String(page), item: null }, options),
    openItem: (id: string) => update({ item: id }, { state: OPENED_HERE }),
    /** Moves to another item (possibly on another page) without adding a history entry. */
    showItem: (id: string, page: number) =>
      update({ item: id, page: page === 1 ? null : String(page) }, { replace: true, state: OPENED_HERE }),
    closeItem: () => {
      if (window.history.state === OPENED_HERE) window.history.back();
      else update({ item: null }, { replace: true });
    },
  };
}
