import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from 'react';
import { clickSelection } from './click-selection';

/**
 * A grid's many-item selection: a click toggles one item, Shift with a click (or with Space, from the keyboard)
 * selects or clears the range from the last item clicked. Items that leave `ids` leave the selection too.
 */
export function useRangeSelection(ids: readonly string[]) {
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const anchor = useRef<string | null>(null);
  const keyboardShift = useRef(false);

  useEffect(() => {
    setSelected((current) => {
      const kept = new Set([...current].filter((id) => ids.includes(id)));
      return kept.size === current.size ? current : kept;
    });
  }, [ids]);

  const toggle = (id: string, shift: boolean) => {
    // Read now: the updater may run after the anchor below has moved to this item.
    const from = anchor.current;
    setSelected((current) => clickSelection(ids, current, id, from, shift));
    anchor.current = id;
  };
  const clear = () => {
    setSelected(new Set());
    anchor.current = null;
  };
  const onShiftKey = (event: KeyboardEvent) => {
    keyboardShift.current = event.shiftKey;
  };
  /** The props of an item's checkbox. */
  const checkbox = (id: string) => ({
    checked: selected.has(id),
    // Space toggles through a click that does not carry the Shift key: the key events say whether it was held.
    onKeyDown: onShiftKey,
    onKeyUp: onShiftKey,
    onClick: (event: MouseEvent) => toggle(id, event.shiftKey || keyboardShift.current),
    onChange: () => {
      // The click above decides, with the Shift key it needs.
    },
  });

  return { selected, setSelected, clear, checkbox };
}
