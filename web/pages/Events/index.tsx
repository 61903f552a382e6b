import { useTranslation } from 'react-i18next';
// The collage and the viewer come from the galleries; importing their view keeps every gallery module in the one
// chunk /gallery loads first, instead of a shared chunk of their own (half a kilobyte more on /gallery's first visit,
// npm run bench -- bundle).
import '../../components/Gallery/GalleryView';
import { useNamespace } from '../../hooks/useNamespace';
import { EventList } from './EventList';
import { EventPage } from './EventPage';
import './events.css';

/**
 * /events and /events/:slug: one chunk for both, loaded on first visit, with the competition texts (the `events`
 * namespace) loaded alongside rather than with the first page.
 */
export default function EventsRoute({ params }: { params?: { slug?: string } }) {
  const { t } = useTranslation();
  const ready = useNamespace('events');
  if (!ready) return <p className="page container muted">{t('loading')}</p>;
  const slug = params?.slug;
  return slug ? <EventPage key={slug} slug={slug} /> : <EventList />;
}
