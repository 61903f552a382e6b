import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminMedia, FEATURED_PICKS, type HomePicks } from '../../../shared/schemas/admin';
import { FormMessage } from '../../components/FormMessage';
import { adminApi, adminKeys } from './admin-api';

/**
 * The home page's hero video and three featured images, chosen among the ready main-gallery items. `disabled` (the
 * panel's working flag) holds the save while another operation runs.
 */
export function HomePicksEditor({ items, disabled = false }: { items: AdminMedia[]; disabled?: boolean }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const saved = useQuery({ queryKey: adminKeys.picks, queryFn: adminApi.homePicks });
  const [picks, setPicks] = useState<HomePicks>({ heroId: null, featuredIds: [] });
  const [status, setStatus] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (saved.data) setPicks(saved.data);
  }, [saved.data]);

  const ready = items.filter((item) => item.status === 'ready');
  const videos = ready.filter((item) => item.kind === 'video');
  const images = ready.filter((item) => item.kind === 'image');
  const toggle = (id: string) =>
    setPicks((current) => ({
      ...current,
      featuredIds: current.featuredIds.includes(id)
        ? current.featuredIds.filter((other) => other !== id)
        : [...current.featuredIds, id],
    }));
  const tooMany = picks.featuredIds.length > FEATURED_PICKS;

  const save = async () => {
    setSaving(true);
    setStatus(null);
    try {
      const result = await adminApi.saveHomePicks(picks);
      queryClient.setQueryData(adminKeys.picks, result);
      setStatus({ kind: 'success', text: t('picks.saved') });
    } catch {
      setStatus({ kind: 'error', text: t('picks.saveFailed') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <details className="home-picks">
      <summary>{t('picks.title')}</summary>
      <label className="admin-inline-field">
        <span>{t('picks.hero')}</span>
        <select
          value={picks.heroId ?? ''}
          onChange={(event) => setPicks({ ...picks, heroId: event.currentTarget.value || null })}
        >
          <option value="">—</option>
          {videos.map((video) => (
            <option key={video.id} value={video.id}>
              {video.name}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="home-picks__featured">
        <legend>
          {t('picks.featured')} — {t('picks.limit', { count: FEATURED_PICKS })}
        </legend>
        {images.map((image) => (
          <label key={image.id} className="admin-inline-field">
            <input type="checkbox" checked={picks.featuredIds.includes(image.id)} onChange={() => toggle(image.id)} />
            <bdi>{image.name}</bdi>
          </label>
        ))}
      </fieldset>
      <button type="button" className="button" disabled={disabled || saving || tooMany} onClick={() => void save()}>
        {t('picks.save')}
      </button>
      {status ? <FormMessage kind={status.kind} text={status.text} /> : null}
    </details>
  );
}
