import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS } from '../../../../shared/pricing';
import type { PaymentSettings } from '../../../../shared/schemas/payments';
import { REMINDER_DAYS_MAX } from '../../../../shared/schemas/payments';
import { errorMessageKey } from '../../../api/error-messages';
import { FormMessage } from '../../../components/FormMessage';
import { LoadingLine } from '../../../components/QueryState';
import { useSubmit } from '../../../hooks/useSubmit';
import { MethodFields } from './MethodFields';
import { draftOf, type MethodDraft, newDraft, refusedFields, requestOf } from './payment-drafts';
import { paymentsAdminApi, paymentsAdminKeys } from './payments-api';
import './payments.css';

interface Draft {
  methods: MethodDraft[];
  reminderDays: string;
}

const draftOfSettings = (settings: PaymentSettings): Draft => ({
  methods: settings.methods.map(draftOf),
  reminderDays: String(settings.reminderDays),
});

/**
 * The payment methods clients are shown with every unpaid order, in its e-mail and in the reminder, and the days
 * after which a client who has not paid is reminded. Methods are added by kind, edited in place and removed; the
 * whole list is saved at once, and the server's refusals show by their fields.
 */
export function PaymentMethodsSection() {
  const { t } = useTranslation(['sales', 'home', 'common']);
  const queryClient = useQueryClient();
  const id = useId();
  const settings = useQuery({ queryKey: paymentsAdminKeys.settings, queryFn: paymentsAdminApi.settings });
  const [draft, setDraft] = useState<Draft | null>(null);
  const save = useSubmit(paymentsAdminApi.save, {
    onSuccess: (saved) => {
      queryClient.setQueryData(paymentsAdminKeys.settings, saved);
      setDraft(draftOfSettings(saved));
    },
    errorKey: (error) => (refusedFields(error).size > 0 ? 'payment.admin.refused' : errorMessageKey(error)),
  });

  useEffect(() => {
    if (settings.data && draft === null) setDraft(draftOfSettings(settings.data));
  }, [settings.data, draft]);

  if (settings.isPending) return <LoadingLine text={t('common:loading')} announce={false} />;
  if (settings.isError || !draft) return <FormMessage kind="error" text={t('payment.admin.loadFailed')} />;

  const refused = refusedFields(save.error);
  const change = (index: number, method: MethodDraft) =>
    setDraft({ ...draft, methods: draft.methods.map((old, i) => (i === index ? method : old)) });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const days = Number(draft.reminderDays);
    save.submit({
      methods: draft.methods.map((method) => requestOf(method, t)),
      reminderDays: draft.reminderDays.trim() === '' ? Number.NaN : days,
    });
  };
  const daysRefused = refused.has('reminderDays');

  return (
    <form className="payment-methods" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="admin-subtitle">
        {t('payment.admin.title')}
      </h3>
      <p className="muted">{t('payment.admin.intro')}</p>
      {draft.methods.length === 0 ? <p>{t('payment.admin.empty')}</p> : null}
      <ol className="payment-methods__list">
        {draft.methods.map((method, index) => (
          <li key={method.key}>
            <fieldset className="admin-box payment-methods__method">
              <legend id={`${id}-${method.key}`}>{t(`home:pricing.methods.${method.kind}`)}</legend>
              <MethodFields
                draft={method}
                onChange={(changed) => change(index, changed)}
                refusal={(field) => refused.get(`methods.${index}.${field}`)}
              />
              <button
                type="button"
                className="button button--ghost button--danger"
                aria-describedby={`${id}-${method.key}`}
                onClick={() => setDraft({ ...draft, methods: draft.methods.filter((_, i) => i !== index) })}
              >
                {t('payment.admin.remove')}
              </button>
            </fieldset>
          </li>
        ))}
      </ol>
      <fieldset className="payment-methods__add">
        <legend>{t('payment.admin.add')}</legend>
        {PAYMENT_METHODS.map((kind) => (
          <button
            key={kind}
            type="button"
            className="button button--ghost"
            onClick={() => setDraft({ ...draft, methods: [...draft.methods, newDraft(kind)] })}
          >
            + {t(`home:pricing.methods.${kind}`)}
          </button>
        ))}
      </fieldset>
      <div className="form-field payment-methods__days">
        <label htmlFor={`${id}-days`}>{t('payment.admin.reminderDays')}</label>
        <span id={`${id}-days-hint`} className="muted payment-methods__hint">
          {t('payment.admin.reminderHint')}
        </span>
        <input
          id={`${id}-days`}
          type="number"
          inputMode="numeric"
          min={0}
          max={REMINDER_DAYS_MAX}
          step={1}
          dir="ltr"
          value={draft.reminderDays}
          aria-invalid={daysRefused || undefined}
          aria-describedby={daysRefused ? `${id}-days-hint ${id}-days-error` : `${id}-days-hint`}
          onChange={(event) => setDraft({ ...draft, reminderDays: event.target.value })}
        />
        {daysRefused ? (
          <span id={`${id}-days-error`} className="payment-methods__error">
            {t('payment.admin.errors.invalid')}
          </span>
        ) : null}
      </div>
      <FormMessage kind="error" text={save.errorKey ? t(save.errorKey) : null} />
      <FormMessage kind="success" text={save.done ? t('payment.admin.saved') : null} />
      <button type="submit" className="button" disabled={save.busy}>
        {save.busy ? t('payment.admin.saving') : t('payment.admin.save')}
      </button>
    </form>
  );
}
