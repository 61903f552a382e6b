import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BANK_DETAILS_MAX, PAYMENT_LABEL_MAX, PAYMENT_LINK_MAX } from '../../../../shared/schemas/payments';
import { BANK_FIELD_LABELS, BANK_FIELDS, type MethodDraft } from './payment-drafts';

/** The translation key of the server's reason for refusing a field. */
function reasonKey(reason: string): string {
  if (reason === 'hidden-characters') return 'common:errors.hiddenCharacters';
  return ['israeli-mobile', 'https-link', 'required'].includes(reason)
    ? `payment.admin.errors.${reason}`
    : 'payment.admin.errors.invalid';
}

interface FieldProps {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  /** Why the server refused it, if it did. */
  refusal?: string;
  type?: 'tel' | 'url' | 'text';
  multiline?: boolean;
  maxLength?: number;
}

/** One field of a method, with its hint and, by it, the server's refusal in the photographer's language. */
function DraftField({
  label,
  hint,
  value,
  onChange,
  refusal,
  type = 'text',
  multiline = false,
  maxLength,
}: FieldProps) {
  const { t } = useTranslation(['sales', 'common']);
  const id = useId();
  const described = [hint ? `${id}-hint` : '', refusal ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    maxLength,
    'aria-invalid': refusal ? true : undefined,
    'aria-describedby': described,
  };
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <span id={`${id}-hint`} className="muted payment-methods__hint">
          {hint}
        </span>
      ) : null}
      {multiline ? (
        <textarea {...common} rows={4} dir="auto" onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          dir={type === 'text' ? 'auto' : 'ltr'}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {refusal ? (
        <span id={`${id}-error`} className="payment-methods__error">
          {t(reasonKey(refusal))}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The fields of one method. `refusal(field)` is the server's reason for refusing that field of this method;
 * `onChange` gets the whole method back with the change.
 */
export function MethodFields({
  draft,
  onChange,
  refusal,
}: {
  draft: MethodDraft;
  onChange: (draft: MethodDraft) => void;
  refusal: (field: string) => string | undefined;
}) {
  const { t } = useTranslation('sales');
  const name = useId();
  switch (draft.kind) {
    case 'bit':
      return (
        <DraftField
          label={t('payment.admin.phone')}
          hint={t('payment.admin.phoneHint')}
          type="tel"
          value={draft.phone}
          refusal={refusal('phone')}
          onChange={(phone) => onChange({ ...draft, phone })}
        />
      );
    case 'paybox':
      return (
        <>
          <fieldset className="payment-methods__choice">
            <legend>{t('payment.admin.payboxBy')}</legend>
            {(['phone', 'link'] as const).map((by) => (
              <label key={by}>
                <input type="radio" name={name} checked={draft.by === by} onChange={() => onChange({ ...draft, by })} />
                {t(by === 'phone' ? 'payment.admin.payboxByPhone' : 'payment.admin.payboxByLink')}
              </label>
            ))}
          </fieldset>
          {draft.by === 'phone' ? (
            <DraftField
              label={t('payment.admin.phone')}
              hint={t('payment.admin.phoneHint')}
              type="tel"
              value={draft.phone}
              refusal={refusal('phone')}
              onChange={(phone) => onChange({ ...draft, phone })}
            />
          ) : (
            <DraftField
              label={t('payment.admin.payboxLink')}
              hint={t('payment.admin.linkHint')}
              type="url"
              maxLength={PAYMENT_LINK_MAX}
              value={draft.link}
              // The server names the number's field when neither is given.
              refusal={refusal('link') ?? refusal('phone')}
              onChange={(link) => onChange({ ...draft, link })}
            />
          )}
        </>
      );
    case 'bank':
      if (draft.details !== null) {
        return (
          <DraftField
            label={t('payment.admin.bankDetails')}
            hint={t('payment.admin.bankDetailsHint')}
            multiline
            maxLength={BANK_DETAILS_MAX}
            value={draft.details}
            refusal={refusal('details')}
            onChange={(details) => onChange({ ...draft, details })}
          />
        );
      }
      return (
        <div className="payment-methods__bank">
          {BANK_FIELDS.map((field, index) => (
            <DraftField
              key={field}
              label={t(BANK_FIELD_LABELS[field])}
              value={draft[field]}
              // The four fields are sent as one text; its refusal shows by the first.
              refusal={index === 0 ? refusal('details') : undefined}
              onChange={(value) => onChange({ ...draft, [field]: value })}
            />
          ))}
        </div>
      );
    case 'cash':
      return <p className="muted">{t('payment.admin.cash')}</p>;
    case 'link':
      return (
        <>
          <DraftField
            label={t('payment.admin.label')}
            hint={t('payment.admin.labelHint')}
            maxLength={PAYMENT_LABEL_MAX}
            value={draft.label}
            refusal={refusal('label')}
            onChange={(label) => onChange({ ...draft, label })}
          />
          <DraftField
            label={t('payment.admin.url')}
            hint={t('payment.admin.linkHint')}
            type="url"
            maxLength={PAYMENT_LINK_MAX}
            value={draft.url}
            refusal={refusal('url')}
            onChange={(url) => onChange({ ...draft, url })}
          />
        </>
      );
  }
}
