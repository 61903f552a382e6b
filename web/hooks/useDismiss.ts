import { type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';

/** Closes a popup on Escape or on a pointer press outside it, and returns focus to its trigger on Escape. */
export function useDismiss(
  open: boolean,
  close: () => void,
  containerRef: RefObject<HTMLElement | null>,
  triggerRef?: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close();
        triggerRef?.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close, containerRef, triggerRef]);
}

/**
 * The state of a button that opens a popup: open or not, the refs `useDismiss` needs, and the id the button's
 * `aria-controls` names. Escape or a press outside closes it. `buttonProps` are the trigger's own attributes (its
 * ref, that it is expanded or not, the popup it controls, the toggle), to spread on the `<button>`.
 */
export function usePopup() {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popupId = useId();
  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((value) => !value), []);
  useDismiss(open, close, containerRef, buttonRef);
  const buttonProps = {
    ref: buttonRef,
    type: 'button',
    'aria-expanded': open,
    'aria-controls': popupId,
    onClick: toggle,
  } as const;
  return { open, close, toggle, containerRef, buttonRef, popupId, buttonProps };
}
