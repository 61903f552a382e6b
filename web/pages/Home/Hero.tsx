import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HERO_BLOCK_SIZE, heroSizes } from '../../../shared/hero';
import type { HomeResponse, MediaView } from '../../../shared/schemas/media';
import { MediaImage } from '../../components/Media/MediaImage';
import { Link } from '../../router';

/**
 * Whether the page has finished loading. The hero's clip starts only then: played at once it took the bandwidth of
 * the picture in front of it, the first view's largest picture. False on the server and during hydration, so both
 * render the same.
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
 * The hero: the hero video's picture (or the first featured photo, or a warm gradient) behind the headline, drawn at
 * the size of the box it covers, and over it the short clip the server offers (`heroVideo`; none when the clip
 * would cost a phone more than the picture). The clip's poster is the picture the `<img>` already shows (its
 * `currentSrc`): nothing is fetched twice, and the clip paints no larger element than the picture under it.
 */
export function Hero({
  hero,
  heroVideo,
  fallback,
}: {
  hero: MediaView | null;
  heroVideo: HomeResponse['heroVideo'];
  fallback: MediaView | null;
}) {
  const { t } = useTranslation('home');
  const backdrop = hero ?? fallback;
  const pageLoaded = usePageLoaded();
  const media = useRef<HTMLDivElement>(null);
  // The clip waits for `load` and for the URL of the picture it covers, which is its poster.
  const [poster, setPoster] = useState<string | null>(null);
  useEffect(() => {
    if (pageLoaded) setPoster(media.current?.querySelector('img')?.currentSrc ?? '');
  }, [pageLoaded]);
  return (
    <section
      className="hero"
      aria-labelledby="hero-title"
      style={{ '--hero-block-size': HERO_BLOCK_SIZE } as React.CSSProperties}
    >
      <div className="hero__media" ref={media}>
        {backdrop && (
          <MediaImage
            media={backdrop}
            sizes={heroSizes(backdrop.width, backdrop.height)}
            alt=""
            priority
            className="hero__poster"
          />
        )}
        {heroVideo && poster !== null && (
          <video
            className="hero__video"
            autoPlay
            muted
            loop
            playsInline
            preload="metadata"
            poster={poster || undefined}
            aria-label={t('hero.videoLabel')}
          >
            <source src={heroVideo.src} type={heroVideo.type} />
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
