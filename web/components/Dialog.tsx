import { type ReactNode, useEffect, useId, useRef } from 'react';
import './dialog.css';

interface DialogProps {
  title: string;
  /** Escape, or the caller's own "Back" button. */
  onClose: () => void;
  children: ReactNode;
  /** Marks a destructive question (cancel an order): the frame takes the danger colour. */
  tone?: 'default' | 'danger';
}

/**
 * The app's own modal dialog, for the questions that come before something that cannot be undone (send a selection,
 * cancel an order), instead of the browser's `confirm()`. A native `<dialog>` opened with `showModal()`: the page
 * behind is inert, Tab stays inside, Escape closes; focus goes to the first control and back to the opener on close.
 * Render it only while it is open.
 */
export function Dialog({ title, onClose, children, tone = 'default' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const latestClose = useRef(onClose);
  latestClose.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal(); an open dialog element is the same content there.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    dialog.querySelector<HTMLElement>('[data-autofocus], textarea, input, select, button')?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      opener?.focus({ preventScroll: true });
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${tone}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: the caller decides (it may be busy sending).
        event.preventDefault();
        latestClose.current();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
