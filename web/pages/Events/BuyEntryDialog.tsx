import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateFor } from '../../../shared/bidi';
import type { Language } from '../../../shared/i18n/languages';
import { formatMoney } from '../../../shared/money';
import type { EntryResult } from '../../../shared/schemas/events';
import { ConfirmDialog } from '../../components/Dialog';
import { ORDER_NOTE_MAX } from '../../components/Picking/picks-logic';

interface BuyEntryDialogProps {
  entry: EntryResult;
  language: Language;
  busy: boolean;
  errorKey: string | null;
  onBuy: (note: string) => void;
  onClose: () => void;
}

/**
 * The question before buying a whole entry: which ride, what it costs (and, for a rider with several horses in the
 * class, that the price covers them all), what happens next, and a note to the photographer.
 */
export function BuyEntryDialog({ entry, language, busy, errorKey, onBuy, onClose }: BuyEntryDialogProps) {
  const { t } = useTranslation(['events', 'proofing']);
  const [note, setNote] = useState('');
  const noteId = useId();
  const price = formatMoney(entry.wholeEntry.total, language);
  const ride = [entry.rider, entry.horse].filter(Boolean).join(' · ');
  return (
    <ConfirmDialog
      title={t('buy.title')}
      className="send-form"
      confirmLabel={t('buy.confirm', { price: isolateFor(language, price) })}
      busyLabel={t('buy.ordering')}
      cancelLabel={t('proofing:send.back')}
      busy={busy}
      error={errorKey ? t(errorKey) : null}
      onConfirm={() => onBuy(note.trim())}
      onCancel={onClose}
    >
      <p className="send-form__summary">
        {t('buy.what', { number: isolateFor(language, entry.number), ride: isolateFor(language, ride) })}
      </p>
      <p>
        {t('buy.total')} <bdi className="send-form__amount">{price}</bdi>
        {entry.wholeEntry.horses > 1 ? (
          <>
            {' '}
            <span className="muted">{t('buy.horses', { count: entry.wholeEntry.horses })}</span>
          </>
        ) : null}
      </p>
      <p className="muted">{t('buy.after')}</p>
      <div className="form-field">
        <label htmlFor={noteId}>{t('proofing:send.note')}</label>
        <textarea
          id={noteId}
          name="note"
          className="send-form__note"
          rows={3}
          maxLength={ORDER_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
      </div>
    </ConfirmDialog>
  );
}
