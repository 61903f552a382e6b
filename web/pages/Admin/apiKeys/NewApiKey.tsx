import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/TextField';
import { useSubmit } from '../../../hooks/useSubmit';
import { CopyLink } from '../shared/CopyLink';
import { SubmitWithMessages } from '../shared/SubmitWithMessages';
import { apiKeysApi, apiKeysKey, syncCommand } from './api-keys-api';

/** Makes a key with a name, then shows it this once, with the sync command that uses it. */
export function NewApiKey() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const create = useSubmit(apiKeysApi.create, {
    onSuccess: async () => {
      setName('');
      await queryClient.invalidateQueries({ queryKey: apiKeysKey });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return create.fail('admin:apiKeys.nameRequired');
    create.submit(name.trim());
  };
  const made = create.data;
  return (
    <div className="api-keys__new">
      <form onSubmit={onSubmit} noValidate data-testid="api-key-create">
        <TextField label={t('apiKeys.name')} name="name" autoComplete="off" value={name} onChange={setName} />
        <SubmitWithMessages state={create} label={t('apiKeys.create')} busyLabel={t('apiKeys.creating')} />
      </form>
      {made ? (
        <div className="api-keys__made" role="status">
          <p>{t('apiKeys.shownOnce')}</p>
          <CopyLink label={t('apiKeys.key')} link={made.key} testId="api-key-value" />
          <CopyLink label={t('apiKeys.command')} link={syncCommand(window.location.origin, made.key)} />
          <p className="muted">{t('apiKeys.commandHint')}</p>
        </div>
      ) : null}
    </div>
  );
}
