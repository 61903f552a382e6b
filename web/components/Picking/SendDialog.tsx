import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../shared/i18n/languages';
import { formatMoney } from '../../../shared/money';
import type { PicksResponse } from '../../../shared/schemas/proofing';
import { ConfirmDialog } from '../Dialog';
import { OrderNoteField } from './OrderNoteField';
import { ORDER_NOTE_MAX } from './picks-logic';
import './picking.css';

interface SendDialogProps {
  picks: PicksResponse;
  language: Language;
  busy: boolean;
  errorKey: string | null;
  onSend: (note: string) => void;
  onClose: () => void;
}

/**
 * The step before sending: what is being sent and what it comes to, that the selection then locks, and the note to
 * the photographer. Sending twice makes one order (the server keeps one open order per client).
 */
export function SendDialog({ picks, language, busy, errorKey, onSend, onClose }: SendDialogProps) {
  const { t } = useTranslation(['proofing', 'common']);
  const [note, setNote] = useState('');
  return (
    <ConfirmDialog
      title={t('send.title')}
      className="send-form"
      confirmLabel={t('send.confirm')}
      busyLabel={t('send.sending')}
      cancelLabel={t('send.back')}
      busy={busy}
      error={errorKey ? t(errorKey) : null}
      onConfirm={() => onSend(note.trim())}
      onCancel={onClose}
    >
      <p className="send-form__summary">
        {t('send.summary', { count: picks.count })}{' '}
        <bdi className="send-form__amount">{formatMoney(picks.total, language)}</bdi>
      </p>
      <p className="muted">{t('send.lock')}</p>
      <OrderNoteField
        value={note}
        onChange={setNote}
        rows={4}
        hint={`${t('send.noteHint')} ${t('send.noteLeft', { count: ORDER_NOTE_MAX - note.length })}`}
      />
    </ConfirmDialog>
  );
}
