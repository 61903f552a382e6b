import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateFor } from '../../../../shared/bidi';
import type { Client } from '../../../../shared/schemas/clients';
import { useConfirm } from '../../../components/Dialog';
import { EmailField } from '../../../components/EmailField';
import { Notice } from '../../../components/Notice';
import { useSubmit } from '../../../hooks/useSubmit';
import { currentLanguage } from '../../../i18n';
import { Link } from '../../../router';
import { adminApi, adminKeys } from '../shared/admin-api';
import { folderPath } from '../shared/admin-paths';
import { formatBytes, formatDateTime } from '../shared/format';
import { RowHead } from '../shared/RowHead';
import { IncludedPicksField } from './IncludedPicksField';
import { InvitationLink } from './InvitationLink';

/** Where the client stands: verified, waiting for their confirmation, invited (when), or not yet invited. */
function ClientStatus({ client }: { client: Client }) {
  const { t, i18n } = useTranslation('admin');
  if (client.hasAccount && client.emailVerified)
    return <span className="badge badge--ok">{t('clients.verified')}</span>;
  if (client.hasAccount) return <span className="badge badge--wait">{t('clients.unverified')}</span>;
  if (client.invitedAt) {
    return (
      <span className="badge badge--wait">
        {t('clients.invitedOn', { date: formatDateTime(client.invitedAt, i18n.language) })}
      </span>
    );
  }
  return <span className="badge">{t('clients.notInvited')}</span>;
}

/** One client of the list, with what the photographer does to them: open, invite, change the address, remove. */
export function ClientRow({ client }: { client: Client }) {
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: adminKeys.clients });
    await queryClient.invalidateQueries({ queryKey: adminKeys.folders });
  };
  const invite = useSubmit((id: string) => adminApi.invite(id, currentLanguage(i18n)), { onSuccess: refresh });
  // Every row has the same buttons: each names its client to a screen reader through the row's name.
  const nameId = useId();
  const [editing, setEditing] = useState(false);
  const [newEmail, setNewEmail] = useState(client.email);
  const changeEmail = useSubmit((email: string) => adminApi.updateClient(client.id, { email }), {
    onSuccess: async () => {
      setEditing(false);
      await refresh();
    },
  });
  const remove = useSubmit(adminApi.removeClient, { onSuccess: refresh });
  const [confirm, confirmDialog] = useConfirm();

  const onChangeEmail = (event: FormEvent) => {
    event.preventDefault();
    changeEmail.submit(newEmail.trim());
  };
  const onRemove = async () => {
    const sure = await confirm({
      title: t('clients.confirmRemove', { name: isolateFor(currentLanguage(i18n), client.fullName) }),
      confirmLabel: t('clients.remove'),
      tone: 'danger',
    });
    if (sure) remove.submit(client.id);
  };
  const errorKey = invite.errorKey ?? changeEmail.errorKey ?? remove.errorKey;
  return (
    <li className="client-row" data-testid="admin-client" data-email={client.email}>
      <RowHead name={client.fullName} nameId={nameId}>
        <bdi dir="ltr" className="client-row__email">
          {client.email}
        </bdi>
        <ClientStatus client={client} />
      </RowHead>
      {client.pendingEmail ? (
        <p className="muted">
          {t('clients.pendingEmail')} <bdi dir="ltr">{client.pendingEmail}</bdi>
        </p>
      ) : null}
      <dl className="admin-facts client-row__facts">
        <div>
          <dt>{t('clients.lastSignIn')}</dt>
          <dd>{client.lastSignInAt ? formatDateTime(client.lastSignInAt, i18n.language) : t('folders.never')}</dd>
        </div>
        <div>
          <dt>{t('folders.items')}</dt>
          <dd>{client.itemCount.toLocaleString(i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('folders.size')}</dt>
          <dd>{formatBytes(client.totalSize, i18n.language)}</dd>
        </div>
      </dl>
      <IncludedPicksField client={client} />
      <div className="client-row__actions">
        <Link className="button" aria-describedby={nameId} to={folderPath(client.folder)}>
          {t('clients.openGallery')}
        </Link>
        {client.hasAccount && client.emailVerified ? null : (
          <button
            type="button"
            className="button button--ghost"
            aria-describedby={nameId}
            disabled={invite.busy}
            onClick={() => invite.submit(client.id)}
          >
            {invite.busy ? t('clients.inviting') : client.invitedAt ? t('clients.resendInvite') : t('clients.invite')}
          </button>
        )}
        <button
          type="button"
          className="button button--ghost"
          aria-describedby={nameId}
          aria-expanded={editing}
          onClick={() => setEditing(!editing)}
        >
          {t('clients.changeEmail')}
        </button>
        <button
          type="button"
          className="button button--ghost button--danger"
          aria-describedby={nameId}
          disabled={remove.busy}
          onClick={onRemove}
        >
          {t('clients.remove')}
        </button>
      </div>
      {invite.data ? <InvitationLink link={invite.data.link} /> : null}
      {editing ? (
        <form className="client-row__edit" onSubmit={onChangeEmail} noValidate>
          <EmailField label={t('clients.newEmail')} value={newEmail} onChange={setNewEmail} whose="someone-else" />
          <p className="muted">{t('clients.changeEmailHint')}</p>
          <button type="submit" className="button" disabled={changeEmail.busy}>
            {t('clients.saveEmail')}
          </button>
        </form>
      ) : null}
      {errorKey ? <Notice kind="error">{t(errorKey)}</Notice> : null}
      {confirmDialog}
    </li>
  );
}
