import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaView } from '../../../shared/schemas/media';
import { MediaImage } from '../../components/Media/MediaImage';
import { Link } from '../../router';

/**
 * Whether the page has finished loading. The hero's video (the original file, often megabytes) starts only then:
 * played at once it took the bandwidth of the poster in front of it, the first view's largest picture. False on the
 * server and during hydration, so both render the same.
 */
function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (document.readyState === 'complete') {
      setLoaded(true);
      return;
    }
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, []);
  return loaded;
}

/**
 * The hero: a muted, looping video behind the headline. Until the hero media load (or when there is no video), the
 * first featured photo or a warm gradient stands in, so the headline never sits on a blank box.
 */
export function Hero({ hero, fallback }: { hero: MediaView | null; fallback: MediaView | null }) {
  const { t } = useTranslation('home');
  const backdrop = hero ?? fallback;
  const pageLoaded = usePageLoaded();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__media">
        {backdrop && <MediaImage media={backdrop} sizes="100vw" alt="" priority className="hero__poster" />}
        {/* No poster: until its first frame the video is transparent over the picture already shown beneath it, which
            a poster would have downloaded a second time, at another size. */}
        {hero?.video && pageLoaded && (
          <video
            className="hero__video"
            autoPlay
            muted
            loop
            playsInline
            preload="metadata"
            aria-label={t('hero.videoLabel')}
          >
            <source src={hero.video.src} type={hero.video.type} />
          </video>
        )}
        <div className="hero__shade" />
      </div>
      <div className="hero__content container">
        <p className="hero__eyebrow">{t('hero.eyebrow')}</p>
        <h1 id="hero-title" className="hero__title">
          {t('hero.title')}
        </h1>
        <p className="hero__subtitle">{t('hero.subtitle')}</p>
        <Link to="/gallery" className="button hero__cta">
          {t('hero.cta')}
        </Link>
      </div>
    </section>
  );
}
