import { createContext, type ReactNode, useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import './bottom-sheet.css';

/** Where the element a page's selection bar is drawn into (the top section of the one sheet) is kept. */
interface SlotStore {
  get: () => HTMLElement | null;
  set: (element: HTMLElement | null) => void;
  subscribe: (listener: () => void) => () => void;
}

function createSlotStore(): SlotStore {
  let element: HTMLElement | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => element,
    set(next) {
      element = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The context holds the store, which never changes, not the element: a context value that changed once the sheet
 * was attached would reach into a server-rendered page still waiting to hydrate, and React would then throw that
 * page's markup away and render it again (a tap made before the app ran would be lost with it). Only the sections
 * that draw into the slot listen to it.
 */
const SelectionSlot = createContext<SlotStore | null>(null);
const noSlot = () => null;
const noChanges = () => () => undefined;

/**
 * The one sheet at the bottom of the screen. What a page hands it (the selection bar, through `SheetSection`) sits
 * on top and the upload tray (`tray`) below, in one fixed container: two panels never float over each other.
 * The sheet sits above the admin's bottom navigation on a phone (`--admin-bottom-bar-size`), and a spacer after
 * the page as tall as the sheet lets the end of every page scroll out from under it.
 */
export function BottomSheetProvider({
  children,
  tray,
  footer,
}: {
  children: ReactNode;
  tray: ReactNode;
  footer: ReactNode;
}) {
  const [slot] = useState(createSlotStore);
  const sheetRef = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);

  useEffect(() => {
    const sheet = sheetRef.current;
    if (!sheet || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(Math.ceil(sheet.getBoundingClientRect().height)));
    observer.observe(sheet);
    return () => observer.disconnect();
  }, []);

  return (
    <SelectionSlot.Provider value={slot}>
      {children}
      {/* In the tab order right after the page it acts on, before the footer. */}
      <div className="bottom-sheet" data-testid="bottom-sheet" ref={sheetRef}>
        <div className="bottom-sheet__selection" ref={slot.set} />
        {tray}
      </div>
      {footer}
      <div className="bottom-sheet-spacer" aria-hidden="true" style={height > 0 ? { blockSize: height } : undefined} />
    </SelectionSlot.Provider>
  );
}

/**
 * Draws its children as the sheet's top section (a page's selection bar). Outside a sheet (a component test, or
 * before the sheet is attached) they stay where they are.
 */
export function SheetSection({ children }: { children: ReactNode }) {
  const store = useContext(SelectionSlot);
  const slot = useSyncExternalStore(store?.subscribe ?? noChanges, store?.get ?? noSlot, noSlot);
  return slot ? createPortal(children, slot) : children;
}
