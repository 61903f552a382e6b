import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from './FormMessage';
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

interface ConfirmDialogProps {
  title: string;
  tone?: 'default' | 'danger';
  /** What will happen, and any field the answer needs (a note); inside the form, above the error and the buttons. */
  children?: ReactNode;
  /** The button that goes ahead; names the action ("Send", "Cancel the order"), never a bare "OK". */
  confirmLabel: string;
  /** The confirming button's text while the answer is being carried out ("Sending…"). */
  busyLabel?: string;
  /** The button that backs out: "Cancel" unless the question names it ("Back", "Keep the order"). */
  cancelLabel?: string;
  /** While the action runs: both buttons and Escape wait for it. */
  busy?: boolean;
  /** Why the last attempt failed, announced above the buttons. */
  error?: string | null;
  onConfirm: () => void;
  /** "Cancel", or Escape when not busy. */
  onCancel: () => void;
  /** Focus starts on the backing-out button, so an Enter pressed by habit never goes ahead (a destructive question). */
  focusCancel?: boolean;
  /** The form's class, for the layout of the body. */
  className?: string;
}

/**
 * A question with a confirming and a backing-out button, on the app's Dialog. The body is a form: Enter in one of
 * its fields confirms as the button does, and nothing is confirmed twice while busy. Render it only while it is open.
 */
export function ConfirmDialog({
  title,
  tone = 'default',
  children,
  confirmLabel,
  busyLabel,
  cancelLabel,
  busy = false,
  error = null,
  onConfirm,
  onCancel,
  focusCancel = false,
  className,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onConfirm();
  };
  return (
    <Dialog title={title} tone={tone} onClose={() => (busy ? undefined : onCancel())}>
      <form className={className} onSubmit={submit} aria-busy={busy}>
        {children}
        <FormMessage kind="error" text={error} />
        <div className="dialog__actions">
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            data-autofocus={focusCancel || undefined}
            onClick={onCancel}
          >
            {cancelLabel ?? t('dialog.cancel')}
          </button>
          <button type="submit" className="button dialog__confirm" disabled={busy} aria-busy={busy}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export interface ConfirmOptions {
  title: string;
  /** A sentence under the title: what will happen, or what happened last time. */
  text?: string;
  /** The button that goes ahead; names the action ("Delete", "Send again"), never a bare "OK". */
  confirmLabel: string;
  tone?: 'default' | 'danger';
}

/**
 * `window.confirm()` in the app's own dialog: `const [confirm, confirmDialog] = useConfirm()`, render
 * `{confirmDialog}`, then `if (await confirm({ title, confirmLabel })) …`. Escape and "Cancel" answer false; focus
 * starts on "Cancel", so an Enter pressed by habit never deletes anything.
 */
export function useConfirm(): [confirm: (options: ConfirmOptions) => Promise<boolean>, dialog: ReactNode] {
  const [question, setQuestion] = useState<(ConfirmOptions & { answer: (yes: boolean) => void }) | null>(null);
  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        setQuestion({ ...options, answer: resolve });
      }),
    [],
  );
  const answer = (yes: boolean) => {
    question?.answer(yes);
    setQuestion(null);
  };
  const dialog = question ? (
    <ConfirmDialog
      title={question.title}
      tone={question.tone}
      confirmLabel={question.confirmLabel}
      focusCancel
      onConfirm={() => answer(true)}
      onCancel={() => answer(false)}
    >
      {question.text ? <p className="dialog__text">{question.text}</p> : null}
    </ConfirmDialog>
  ) : null;
  return [confirm, dialog];
}
