import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_NOTE_MAX } from './picks-logic';
import './picking.css';

interface OrderNoteFieldProps {
  value: string;
  onChange: (note: string) => void;
  rows: number;
  /** A line under the field, read with it by a screen reader (what to write, how much is left). */
  hint?: string;
}

/** The note to the photographer that goes with an order, as long as the server keeps. */
export function OrderNoteField({ value, onChange, rows, hint }: OrderNoteFieldProps) {
  const { t } = useTranslation('proofing');
  const noteId = useId();
  const hintId = useId();
  return (
    <div className="form-field">
      <label htmlFor={noteId}>{t('send.note')}</label>
      <textarea
        id={noteId}
        name="note"
        className="send-form__note"
        rows={rows}
        maxLength={ORDER_NOTE_MAX}
        value={value}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {hint ? (
        <p id={hintId} className="send-form__hint muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
