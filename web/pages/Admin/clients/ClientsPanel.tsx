import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../../shared/bidi';
import type { Client } from '../../../../shared/schemas/clients';
import { Notice } from '../../../components/Notice';
import { useSubmit } from '../../../hooks/useSubmit';
import { adminApi, adminKeys } from '../shared/admin-api';
import { AddClientForm } from './AddClientForm';
import { ClientRow } from './ClientRow';
import './clients.css';
import { AdminPanel } from '../shared/AdminPanel';
import { formatBytes } from '../shared/format';
import { matchesNameOrEmail, NameOrEmailSearch } from '../shared/NameOrEmailSearch';
import { PanelQueryState } from '../shared/PanelQueryState';

/** A folder nobody owns (two accounts shared it before clients existed, or it was imported): give it to a client. */
function UnownedFolder({
  folder,
  itemCount,
  totalSize,
  clients,
}: {
  folder: string;
  itemCount: number;
  totalSize: number;
  clients: Client[];
}) {
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [clientId, setClientId] = useState('');
  const assign = useSubmit((id: string) => adminApi.assignFolder(folder, id), {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.clients }),
  });
  const selectId = `owner-${folder}`;
  return (
    <li className="client-row" data-testid="unowned-folder">
      <div className="client-row__head">
        <bdi dir="ltr">{folder}</bdi>
        <span className="muted">
          {t('folder.count', { count: itemCount })} · {formatBytes(totalSize, i18n.language)}
        </span>
      </div>
      <div className="client-row__actions">
        <label htmlFor={selectId}>{t('clients.unowned.giveTo')}</label>
        <select id={selectId} value={clientId} onChange={(event) => setClientId(event.currentTarget.value)}>
          <option value="">{t('clients.unowned.choose')}</option>
          {clients.map((client) => (
            <option key={client.id} value={client.id}>
              {/* An option holds text only: isolates keep a Latin address in order beside a Hebrew name. */}
              {isolate(client.fullName)} ({isolate(client.email)})
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button--ghost"
          disabled={!clientId || assign.busy}
          onClick={() => assign.submit(clientId)}
        >
          {t('clients.unowned.assign')}
        </button>
      </div>
      {assign.errorKey ? <Notice kind="error">{t(assign.errorKey)}</Notice> : null}
    </li>
  );
}

/**
 * The photographer's clients: add one (their folder exists at once), invite them by e-mail or a link to paste,
 * see who has confirmed their address and when they last signed in, change an address, remove a client.
 */
export function ClientsPanel() {
  const { t } = useTranslation('admin');
  const query = useQuery({ queryKey: adminKeys.clients, queryFn: adminApi.clients });
  const [search, setSearch] = useState('');
  const items = (query.data?.items ?? []).filter((client) => matchesNameOrEmail(search, client.fullName, client.email));
  return (
    <AdminPanel className="clients-panel" titleId="clients-title" title={t('clients.title')}>
      <AddClientForm onAdded={() => setSearch('')} />
      <PanelQueryState query={query} error={t('clients.loadFailed')}>
        {(data) => (
          <>
            <NameOrEmailSearch value={search} onChange={setSearch} />
            <p className="muted">{t('clients.count', { count: data.items.length })}</p>
            {data.items.length === 0 ? (
              <p className="muted">{t('clients.empty')}</p>
            ) : items.length === 0 ? (
              <p className="muted">{t('folders.noMatch')}</p>
            ) : (
              <ul className="client-list">
                {items.map((client) => (
                  <ClientRow key={client.id} client={client} />
                ))}
              </ul>
            )}
            {data.unownedFolders.length > 0 ? (
              <>
                <h3>{t('clients.unowned.title')}</h3>
                <p className="muted">{t('clients.unowned.intro')}</p>
                <ul className="client-list">
                  {data.unownedFolders.map((folder) => (
                    <UnownedFolder key={folder.folder} {...folder} clients={data.items} />
                  ))}
                </ul>
              </>
            ) : null}
          </>
        )}
      </PanelQueryState>
    </AdminPanel>
  );
}
