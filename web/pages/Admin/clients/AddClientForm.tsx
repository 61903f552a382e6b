import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailField } from '../../../components/EmailField';
import { Notice } from '../../../components/Notice';
import { TextField } from '../../../components/TextField';
import { useSubmit } from '../../../hooks/useSubmit';
import { adminApi, adminKeys } from '../shared/admin-api';

/** Adds a client before they have an account: their folder exists at once, so uploads can start before they join. */
export function AddClientForm({ onAdded }: { onAdded: (folder: string) => void }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [fullName, setFullName] = useState('');
  const [phone, setPhone] = useState('');
  const add = useSubmit(adminApi.createClient, {
    onSuccess: async (created) => {
      setEmail('');
      setFullName('');
      setPhone('');
      await queryClient.invalidateQueries({ queryKey: adminKeys.clients });
      await queryClient.invalidateQueries({ queryKey: adminKeys.folders });
      onAdded(created.folder);
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmedPhone = phone.trim();
    add.submit({ email: email.trim(), fullName: fullName.trim(), ...(trimmedPhone ? { phone: trimmedPhone } : {}) });
  };
  return (
    <form className="admin-card client-form" onSubmit={onSubmit} aria-labelledby="add-client-title" noValidate>
      <h3 id="add-client-title">{t('clients.add.title')}</h3>
      <div className="client-form__fields">
        <TextField
          label={t('clients.add.fullName')}
          name="fullName"
          autoComplete="off"
          required
          value={fullName}
          onChange={setFullName}
        />
        <EmailField label={t('clients.add.email')} value={email} onChange={setEmail} whose="someone-else" />
        <TextField
          label={t('clients.add.phone')}
          name="phone"
          type="tel"
          autoComplete="off"
          dir="ltr"
          value={phone}
          onChange={setPhone}
        />
      </div>
      {add.errorKey ? <Notice kind="error">{t(add.errorKey)}</Notice> : null}
      <button type="submit" className="button" disabled={add.busy}>
        {add.busy ? t('clients.add.submitting') : t('clients.add.submit')}
      </button>
    </form>
  );
}
