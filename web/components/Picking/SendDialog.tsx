import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../shared/i18n/languages';
import { formatMoney } from '../../../shared/money';
import type { PicksResponse } from '../../../shared/schemas/proofing';
import { Dialog } from '../Dialog';
import { FormMessage } from '../FormMessage';
import { ORDER_NOTE_MAX } from './picks-logic';

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
  const noteId = useId();
  const hintId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSend(note.trim());
  };
  return (
    <Dialog title={t('send.title')} onClose={() => (busy ? undefined : onClose())}>
      <form className="send-form" onSubmit={submit} aria-busy={busy}>
        <p className="send-form__summary">
          {t('send.summary', { count: picks.count })}{' '}
          <bdi className="send-form__amount">{formatMoney(picks.total, language)}</bdi>
        </p>
        <p className="muted">{t('send.lock')}</p>
        <div className="form-field">
          <label htmlFor={noteId}>{t('send.note')}</label>
          <textarea
            id={noteId}
            name="note"
            className="send-form__note"
            rows={4}
            maxLength={ORDER_NOTE_MAX}
            value={note}
            aria-describedby={hintId}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          <p id={hintId} className="send-form__hint muted">
            {t('send.noteHint')} {t('send.noteLeft', { count: ORDER_NOTE_MAX - note.length })}
          </p>
        </div>
        <FormMessage kind="error" text={errorKey ? t(errorKey) : null} />
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" disabled={busy} onClick={onClose}>
            {t('send.back')}
          </button>
          <button type="submit" className="button" disabled={busy} aria-busy={busy}>
            {busy ? t('send.sending') : t('send.confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
