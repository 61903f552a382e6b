import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOrder } from '../../../../shared/schemas/proofing';
import { useNamespace } from '../../../hooks/useNamespace';
import { lightroomFilterLine } from './lightroom-filter';

/** A picked file's name under its thumbnail, isolated (any script), cut with an ellipsis when long; all of it on hover. */
export function PickFileName({ name }: { name: string }) {
  return (
    <bdi className="order-card__file-name" title={name}>
      {name}
    </bdi>
  );
}

/**
 * "Copy file names": the order's picks as one line for Lightroom's filter (`IMG_1234 OR IMG_1240`), to find them in
 * the catalogue. Says "Copied" once the clipboard has it; without a clipboard (an insecure origin, a refused
 * permission) the line is shown, selected, to copy by hand.
 */
export function CopyFileNames({ items }: { items: AdminOrder['items'] }) {
  const { t } = useTranslation('sales');
  const ready = useNamespace('sales');
  const fieldId = useId();
  const [state, setState] = useState<'idle' | 'copied' | 'by-hand'>('idle');
  if (!ready || items.length === 0) return null;
  const line = lightroomFilterLine(items.map((item) => item.name));
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(line);
      setState('copied');
    } catch {
      setState('by-hand');
    }
  };
  return (
    <div className="order-card__copy-names">
      <button type="button" className="button button--ghost" onClick={copy}>
        {t('delivery.copyFileNames')}
      </button>
      <span className="muted" role="status">
        {state === 'copied' ? t('delivery.copied') : ''}
      </span>
      {state === 'by-hand' ? (
        <div className="order-card__names-line">
          <label htmlFor={fieldId}>{t('delivery.copyByHand')}</label>
          <input
            id={fieldId}
            className="text-input"
            readOnly
            dir="ltr"
            value={line}
            // biome-ignore lint/a11y/noAutofocus: the field appears in answer to the button, to be copied at once
            autoFocus
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
      ) : null}
    </div>
  );
}
