import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateFor } from '../../../shared/bidi';
import type { Language } from '../../../shared/i18n/languages';
import { formatMoney } from '../../../shared/money';
import type { EntryResult } from '../../../shared/schemas/events';
import { ConfirmDialog } from '../../components/Dialog';
import { OrderNoteField } from '../../components/Picking/OrderNoteField';
import { HorsesNote } from './HorsesNote';

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
        {ride
          ? t('buy.what', { number: isolateFor(language, entry.number), ride: isolateFor(language, ride) })
          : t('numberOnlyEntry.buyWhat', { number: isolateFor(language, entry.number) })}
      </p>
      <p>
        {t('buy.total')} <bdi className="send-form__amount">{price}</bdi>
        <HorsesNote horses={entry.wholeEntry.horses} />
      </p>
      <p className="muted">{t('buy.after')}</p>
      <OrderNoteField value={note} onChange={setNote} rows={3} />
    </ConfirmDialog>
  );
}
