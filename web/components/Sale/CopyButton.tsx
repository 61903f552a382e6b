import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long the button says "Copied" before it offers to copy again. */
const COPIED_FOR_MS = 2500;

/**
 * Copies `value` to the clipboard and says "Copied" (the button's own text, and announced); where the browser
 * refuses the clipboard (an old one, or a page not served over HTTPS) it says to copy by hand. `labelId` is the
 * element naming what is copied ("Order reference"), which describes the button.
 */
export function CopyButton({ value, labelId }: { value: string; labelId: string }) {
  const { t } = useTranslation('sales');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <button type="button" className="button button--ghost copy-button" aria-describedby={labelId} onClick={copy}>
        {state === 'copied' ? t('payment.copied') : t('payment.copy')}
      </button>
      <span role="status" className={state === 'failed' ? 'copy-button__failed' : 'visually-hidden'}>
        {state === 'copied' ? t('payment.copied') : state === 'failed' ? t('payment.copyFailed') : ''}
      </span>
    </>
  );
}
