import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactDetails, SiteInfo } from '../../../../shared/schemas/site';
import { ApiError } from '../../../api/client';
import { SITE_QUERY_KEY, useSiteInfo } from '../../../api/site';
import { FormMessage } from '../../../components/FormMessage';
import { LoadingLine } from '../../../components/QueryState';
import { useNamespace } from '../../../hooks/useNamespace';
import { useSubmit } from '../../../hooks/useSubmit';
import { bookingAdminApi } from '../bookings/booking-admin-api';

const FIELDS = ['phone', 'whatsapp', 'email', 'instagram', 'facebook'] as const;
type Field = (typeof FIELDS)[number];
type Draft = Record<Field, string>;

const INPUTS: Record<Field, { type: string; autoComplete: string; dir?: 'ltr' }> = {
  phone: { type: 'tel', autoComplete: 'tel', dir: 'ltr' },
  whatsapp: { type: 'text', autoComplete: 'off', dir: 'ltr' },
  email: { type: 'email', autoComplete: 'email', dir: 'ltr' },
  instagram: { type: 'text', autoComplete: 'url', dir: 'ltr' },
  facebook: { type: 'url', autoComplete: 'url', dir: 'ltr' },
};

function draftOf(details: ContactDetails): Draft {
  return Object.fromEntries(FIELDS.map((field) => [field, details[field] ?? ''])) as Draft;
}

/** The fields the server refused (validated there with the shared schema). */
function refusedFields(error: unknown): string[] {
  const fields = error instanceof ApiError ? (error.details as { fields?: Array<{ field: string }> })?.fields : null;
  return fields?.map((field) => field.field) ?? [];
}

/**
 * The photographer's contact details: phone, WhatsApp, e-mail, Instagram and Facebook, shown in the footer and on
 * /contact. An empty field hides that detail. The server normalises what it keeps (a WhatsApp number becomes its
 * wa.me link), and the form shows the saved values back.
 */
export function ContactSettingsPanel() {
  const { t } = useTranslation('booking');
  const textsReady = useNamespace('booking');
  const site = useSiteInfo();
  const queryClient = useQueryClient();
  const idPrefix = useId();
  const [draft, setDraft] = useState<Draft | null>(null);
  const save = useSubmit(bookingAdminApi.saveContactDetails, {
    onSuccess: (saved) => {
      queryClient.setQueryData<SiteInfo>(SITE_QUERY_KEY, (old) => (old ? { ...old, contact: saved } : old));
      setDraft(draftOf(saved));
    },
  });

  useEffect(() => {
    if (site.data && draft === null) setDraft(draftOf(site.data.contact));
  }, [site.data, draft]);

  if (!textsReady || site.isPending) return <LoadingLine text={t('common:loading')} announce={false} />;
  if (site.isError || !draft) return <FormMessage kind="error" text={t('contactSettings.loadFailed')} />;

  const refused = refusedFields(save.error);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.submit(draft);
  };
  return (
    <form className="contact-settings" onSubmit={onSubmit} noValidate aria-labelledby={`${idPrefix}-title`}>
      <h2 id={`${idPrefix}-title`} className="admin-subtitle">
        {t('contactSettings.title')}
      </h2>
      <p className="muted">{t('contactSettings.intro')}</p>
      {FIELDS.map((field) => {
        const id = `${idPrefix}-${field}`;
        const invalid = refused.includes(field);
        return (
          <div key={field} className="form-field">
            <label htmlFor={id}>{t(`contactSettings.${field}`)}</label>
            <span id={`${id}-hint`} className="muted contact-settings__hint">
              {t(`contactSettings.${field}Hint`)}
            </span>
            <input
              id={id}
              name={field}
              {...INPUTS[field]}
              value={draft[field]}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-hint ${id}-error` : `${id}-hint`}
              onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
            />
            {invalid && (
              <span id={`${id}-error`} className="contact-settings__error">
                {t('contactSettings.invalid')}
              </span>
            )}
          </div>
        );
      })}
      <FormMessage kind="error" text={save.errorKey ? t(save.errorKey) : null} />
      <FormMessage kind="success" text={save.done ? t('contactSettings.saved') : null} />
      <button type="submit" className="button" disabled={save.busy}>
        {save.busy ? t('contactSettings.saving') : t('contactSettings.save')}
      </button>
    </form>
  );
}
