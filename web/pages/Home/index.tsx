import { useQuery } from '@tanstack/react-query';
import { HOME_PATH } from '../../../shared/api-paths';
import type { HomeResponse } from '../../../shared/schemas/media';
import { apiFetch } from '../../api/client';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { BookNowBand } from './BookNowBand';
import { Hero } from './Hero';
import { Portfolio } from './Portfolio';
import { Pricing } from './Pricing';
import './home.css';

/** The home page: hero video, three featured images, the price cards and a book-now button. */
export default function HomePage() {
  useDocumentTitle(null);
  const { data } = useQuery({
    queryKey: ['home'],
    queryFn: () => apiFetch<HomeResponse>(HOME_PATH),
    staleTime: 5 * 60_000,
  });
  return (
    <div className="home">
      <Hero hero={data?.hero ?? null} fallback={data?.featured[0] ?? null} />
      <Portfolio featured={data?.featured ?? []} />
      <Pricing />
      <BookNowBand />
    </div>
  );
}
