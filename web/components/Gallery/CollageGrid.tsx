import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaView } from '../../../shared/schemas/media';
import { tileVariant } from './collage';
import { GalleryTile } from './GalleryTile';

/** The collage: a list whose items repeat the pattern wide, half, half. */
export function CollageGrid({
  items,
  firstNumber,
  onOpen,
  tileActions,
}: {
  items: MediaView[];
  /** The number the first tile carries in its label (its place in the whole gallery). */
  firstNumber: number;
  onOpen: (item: MediaView, opener: HTMLElement) => void;
  /** Buttons over a tile, as siblings of its open button (a button may not hold another). */
  tileActions?: (item: MediaView, number: number) => ReactNode;
}) {
  const { t } = useTranslation('gallery');
  return (
    <ul className="collage" aria-label={t('grid.label')}>
      {items.map((item, index) => {
        const variant = tileVariant(index);
        return (
          <li key={item.id} className={`collage__item collage__item--${variant}`}>
            <GalleryTile
              item={item}
              number={firstNumber + index}
              variant={variant}
              priority={index === 0}
              onOpen={onOpen}
            />
            {tileActions?.(item, firstNumber + index)}
          </li>
        );
      })}
    </ul>
  );
}
