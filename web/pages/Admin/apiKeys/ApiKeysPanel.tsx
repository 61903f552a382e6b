import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKey } from '../../../../shared/schemas/api-keys';
import { ConfirmDialog } from '../../../components/Dialog';
import { QueryState } from '../../../components/QueryState';
import { useSubmit } from '../../../hooks/useSubmit';
import { formatDateTime } from '../shared/format';
import { apiKeysApi, apiKeysKey } from './api-keys-api';
import { NewApiKey } from './NewApiKey';
import './api-keys.css';

/** The keys the sync command signs in with: made (shown once), listed with when each was last used, revoked. */
export function ApiKeysPanel() {
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: apiKeysKey, queryFn: apiKeysApi.list });
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useSubmit(apiKeysApi.revoke, {
    onSuccess: async () => {
      setRevoking(null);
      await queryClient.invalidateQueries({ queryKey: apiKeysKey });
    },
  });
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : t('apiKeys.never'));
  return (
    <section className="admin-card api-keys" aria-labelledby="api-keys-title">
      <h2 id="api-keys-title">{t('apiKeys.title')}</h2>
      <p className="muted">{t('apiKeys.intro')}</p>
      <NewApiKey />
      <QueryState
        query={query}
        look="panel"
        loading={t('apiKeys.loading')}
        error={t('apiKeys.loadFailed')}
        isEmpty={(data) => data.keys.length === 0}
        empty={t('apiKeys.empty')}
      >
        {(data) => (
          <ul className="api-keys__list">
            {data.keys.map((key) => (
              <li key={key.id} className="api-keys__row" data-testid="api-key-row">
                <div className="api-keys__facts">
                  <strong>
                    <bdi>{key.name}</bdi>
                  </strong>{' '}
                  <code dir="ltr">{key.prefix}…</code>
                  <span className="muted">
                    {t('apiKeys.created', { when: when(key.createdAt) })} ·{' '}
                    {t('apiKeys.lastUsed', { when: when(key.lastUsedAt) })}
                  </span>
                </div>
                {key.revokedAt ? (
                  <span className="muted">{t('apiKeys.revokedOn', { when: when(key.revokedAt) })}</span>
                ) : (
                  <button
                    type="button"
                    className="button button--ghost"
                    data-testid="api-key-revoke"
                    onClick={() => {
                      revoke.reset();
                      setRevoking(key);
                    }}
                  >
                    {t('apiKeys.revoke')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {revoking ? (
        <ConfirmDialog
          title={t('apiKeys.revokeTitle', { name: revoking.name })}
          tone="danger"
          confirmLabel={t('apiKeys.revoke')}
          busyLabel={t('apiKeys.revoking')}
          busy={revoke.busy}
          error={revoke.errorKey ? t(revoke.errorKey) : null}
          focusCancel
          onConfirm={() => revoke.submit(revoking.id)}
          onCancel={() => setRevoking(null)}
        >
          <p>{t('apiKeys.revokeText')}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
