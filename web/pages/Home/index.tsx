import { useQuery } from '@tanstack/react-query';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { BookNowBand } from './BookNowBand';
import { Hero } from './Hero';
import { homeQuery } from './home-query';
import { Portfolio } from './Portfolio';
import { Pricing } from './Pricing';
import './home.css';

/** The home page: hero video, three featured images, the price cards and a book-now button. */
export default function HomePage() {
  useDocumentTitle(null);
  const { data } = useQuery(homeQuery);
  return (
    <div className="home">
      <Hero hero={data?.hero ?? null} heroVideo={data?.heroVideo ?? null} fallback={data?.featured[0] ?? null} />
      <Portfolio featured={data?.featured ?? []} />
      <Pricing />
      <BookNowBand />
    </div>
  );
}
