import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './notice.css';

export type NoticeKind = 'error' | 'success' | 'info';

interface NoticeProps {
  kind: NoticeKind;
  children: ReactNode;
  /** Shows a close button; without it the notice stays until its owner removes it. */
  onDismiss?: () => void;
}

/**
 * The outcome of an action the page cannot miss: a failed delete, move, upload or save. A coloured banner that sticks
 * below the site header while the list under it scrolls, so a failure at the bottom of a long grid is still seen.
 * Failures are announced at once (role="alert"), the rest politely (role="status").
 */
export function Notice({ kind, children, onDismiss }: NoticeProps) {
  const { t } = useTranslation('common');
  return (
    <div className={`notice notice--${kind}`} data-testid="notice" data-kind={kind}>
      <span className="notice__icon" aria-hidden="true">
        {kind === 'error' ? '!' : kind === 'success' ? '✓' : 'i'}
      </span>
      {/* Only the message is the live region: a screen reader reads it alone, without the icon or the close button. */}
      <div className="notice__text" role={kind === 'error' ? 'alert' : 'status'}>
        {children}
      </div>
      {onDismiss ? (
        <button type="button" className="notice__close" aria-label={t('notice.dismiss')} onClick={onDismiss}>
          ×
        </button>
      ) : null}
    </div>
  );
}

/**
 * One notice a view owns: `const notice = useNotice()`, `notice.show('error', text)`, render `{notice.element}`.
 * A new notice replaces the old one; a failure stays until it is dismissed or the next attempt clears it.
 */
export function useNotice() {
  const [current, setCurrent] = useState<{ kind: NoticeKind; text: string } | null>(null);
  const show = useCallback((kind: NoticeKind, text: string) => setCurrent({ kind, text }), []);
  const clear = useCallback(() => setCurrent(null), []);
  const element = current ? (
    <Notice kind={current.kind} onDismiss={clear}>
      {current.text}
    </Notice>
  ) : null;
  return { show, clear, element, current };
}
