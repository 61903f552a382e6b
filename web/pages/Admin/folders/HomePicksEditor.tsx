import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminMedia, FEATURED_PICKS, type HomePicks } from '../../../../shared/schemas/admin';
import { FormMessage } from '../../../components/FormMessage';
import { MediaImage } from '../../../components/Media/MediaImage';
import { adminApi, adminKeys } from '../shared/admin-api';
import './bulk.css';

/** One choice, shown by its thumbnail and named by its file name. */
function PickTile({
  item,
  type,
  checked,
  onChange,
}: {
  item: AdminMedia;
  type: 'radio' | 'checkbox';
  checked: boolean;
  onChange: () => void;
}) {
  return (
    <label className="pick-tile" data-testid="pick-tile" data-name={item.name}>
      <input type={type} name={type === 'radio' ? 'home-hero' : undefined} checked={checked} onChange={onChange} />
      <span className="pick-tile__preview">
        {item.view ? <MediaImage media={item.view} sizes="8rem" alt="" /> : null}
      </span>
      <bdi className="pick-tile__name">{item.name}</bdi>
    </label>
  );
}

/**
 * The home page's hero video and three featured images, chosen by their thumbnails among the ready main-gallery items. `disabled` (the
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
      <fieldset className="home-picks__choices">
        <legend>{t('picks.hero')}</legend>
        <div className="pick-grid">
          <label className="pick-tile">
            <input
              type="radio"
              name="home-hero"
              checked={picks.heroId === null}
              onChange={() => setPicks({ ...picks, heroId: null })}
            />
            <span className="pick-tile__name">{t('picks.noHero')}</span>
          </label>
          {videos.map((video) => (
            <PickTile
              key={video.id}
              item={video}
              type="radio"
              checked={picks.heroId === video.id}
              onChange={() => setPicks({ ...picks, heroId: video.id })}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="home-picks__choices">
        <legend>
          {t('picks.featured')} — {t('picks.limit', { count: FEATURED_PICKS })}
        </legend>
        <div className="pick-grid">
          {images.map((image) => (
            <PickTile
              key={image.id}
              item={image}
              type="checkbox"
              checked={picks.featuredIds.includes(image.id)}
              onChange={() => toggle(image.id)}
            />
          ))}
        </div>
      </fieldset>
      <button type="button" className="button" disabled={disabled || saving || tooMany} onClick={() => void save()}>
        {t('picks.save')}
      </button>
      {status ? <FormMessage kind={status.kind} text={status.text} /> : null}
    </details>
  );
}
