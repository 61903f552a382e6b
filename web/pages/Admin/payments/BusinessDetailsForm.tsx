import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BusinessDetails } from '../../../../shared/schemas/receipts';
import { problemsOfError } from '../../../api/field-problems';
import { TextField } from '../../../components/TextField';
import { useSubmit } from '../../../hooks/useSubmit';
import { SubmitWithMessages } from '../shared/SubmitWithMessages';
import { receiptsApi, receiptsKeys } from './receipts-api';

const FIELDS = ['name', 'registrationNumber', 'address', 'phone'] as const;
type Field = (typeof FIELDS)[number];
type Draft = Record<Field, string>;

/** How each field is typed: the number and the phone left to right in every language. */
const INPUTS: Record<Field, { autoComplete: string; type?: string; dir?: 'ltr'; inputMode?: 'numeric' }> = {
  name: { autoComplete: 'organization' },
  registrationNumber: { autoComplete: 'off', dir: 'ltr', inputMode: 'numeric' },
  address: { autoComplete: 'street-address' },
  phone: { autoComplete: 'tel', type: 'tel', dir: 'ltr' },
};

const draftOf = (details: BusinessDetails | null): Draft => ({
  name: details?.name ?? '',
  registrationNumber: details?.registrationNumber ?? '',
  address: details?.address ?? '',
  phone: details?.phone ?? '',
});

/**
 * The business printed at the top of every receipt: its name, the registration number (checked by the server:
 * nine digits whose check digit adds up), and optionally an address and a phone. Until they are saved, receipts name
 * only the site, and the form says so.
 */
export function BusinessDetailsForm({ details }: { details: BusinessDetails | null }) {
  const { t } = useTranslation('sales');
  const queryClient = useQueryClient();
  const ids = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(details));
  const save = useSubmit(receiptsApi.saveBusiness, {
    onSuccess: (answer) => {
      queryClient.setQueryData(receiptsKeys.business, answer);
      setDraft(draftOf(answer.details));
    },
  });
  const problems = problemsOfError(save.error);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.submit(draft);
  };
  return (
    <form className="admin-card business-form" onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-title`}>
      <h4 id={`${ids}-title`}>{t('receipt.admin.businessTitle')}</h4>
      {details ? (
        <p className="muted">{t('receipt.admin.businessIntro')}</p>
      ) : (
        <p className="admin-notice" data-testid="business-missing">
          {t('receipt.admin.missing')}
        </p>
      )}
      {FIELDS.map((field) => {
        const problem = problems.get(field);
        const hintId = field === 'registrationNumber' ? `${ids}-${field}-hint` : null;
        const errorId = problem ? `${ids}-${field}-error` : null;
        return (
          <div key={field} className="business-form__field">
            <TextField
              label={t(`receipt.admin.${field}`)}
              name={field}
              value={draft[field]}
              onChange={(value) => setDraft({ ...draft, [field]: value })}
              required={field === 'name' || field === 'registrationNumber'}
              aria-invalid={problem ? true : undefined}
              aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
              {...INPUTS[field]}
            />
            {hintId ? (
              <span id={hintId} className="muted business-form__hint">
                {t('receipt.admin.registrationHint')}
              </span>
            ) : null}
            {errorId ? (
              <span id={errorId} className="business-form__error">
                {problem === 'hidden-characters' ? t('common:errors.hiddenCharacters') : t('receipt.admin.invalid')}
              </span>
            ) : null}
          </div>
        );
      })}
      <SubmitWithMessages
        state={save}
        label={t('receipt.admin.save')}
        busyLabel={t('receipt.admin.saving')}
        success={save.done ? t('receipt.admin.saved') : null}
      />
    </form>
  );
}
