import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { GalleryTile } from '../../components/Gallery/GalleryTile';
import type { GridProps } from '../../components/Gallery/GalleryView';
import { groupByDay } from './day-groups';

/** Tiles are about 8rem wide: a third of a phone's width, a ninth of the widest content column. */
const TILE_SIZES = '(max-width: 640px) 34vw, 180px';

/**
 * A client's dense grid: small square tiles, many a page, under a heading for each day the photos were added (the
 * event's day, as the photographer uploads after each one). Tiles keep their numbers in the whole gallery, and
 * their actions (a proofing gallery's hearts) beside them.
 */
export function DenseGrid({ items, firstNumber, onOpen, tileActions }: GridProps) {
  const { t, i18n } = useTranslation('gallery');
  const id = useId();
  const groups = groupByDay(items, i18n.language);
  return (
    <div className="dense-grid" data-testid="dense-grid">
      {groups.map((group, groupIndex) => {
        const headingId = `${id}-${groupIndex}`;
        return (
          <section key={`${group.key}-${group.items[0]?.index}`} className="dense-grid__day">
            {group.label ? (
              <h2 id={headingId} className="dense-grid__heading">
                {group.label}
              </h2>
            ) : null}
            <ul
              className="dense-grid__tiles"
              aria-labelledby={group.label ? headingId : undefined}
              aria-label={group.label ? undefined : t('grid.label')}
            >
              {group.items.map(({ item, index }) => (
                <li key={item.id} className="dense-grid__item">
                  <GalleryTile
                    item={item}
                    number={firstNumber + index}
                    variant="half"
                    sizes={TILE_SIZES}
                    priority={index === 0}
                    onOpen={onOpen}
                  />
                  {tileActions?.(item, firstNumber + index)}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
