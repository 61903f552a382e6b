import { useTranslation } from 'react-i18next';
import type { MediaView } from '../../../shared/schemas/media';
import { MediaImage } from '../../components/Media/MediaImage';
import { Link } from '../../router';

/** Three featured photos. Until media exist, three quiet frames keep the layout honest rather than empty. */
export function Portfolio({ featured }: { featured: MediaView[] }) {
  const { t } = useTranslation('home');
  const slots = [0, 1, 2];
  return (
    <section className="portfolio container" aria-labelledby="portfolio-title">
      <div className="section-heading">
        <h2 id="portfolio-title">{t('portfolio.title')}</h2>
        <p className="muted">{t('portfolio.subtitle')}</p>
      </div>
      <ul className="portfolio__grid">
        {slots.map((index) => {
          const media = featured[index];
          return (
            <li key={media?.id ?? `slot-${index}`} className="portfolio__item">
              {media ? (
                <MediaImage
                  media={media}
                  sizes="(max-width: 700px) 100vw, 33vw"
                  alt={t('portfolio.imageAlt', { number: index + 1 })}
                  className="portfolio__image"
                />
              ) : (
                <div className="portfolio__empty" aria-hidden="true" />
              )}
            </li>
          );
        })}
      </ul>
      <p className="portfolio__more">
        <Link to="/gallery" className="button button--ghost">
          {t('portfolio.more')}
        </Link>
      </p>
    </section>
  );
}
