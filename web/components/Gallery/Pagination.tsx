import { useTranslation } from 'react-i18next';
import { pageEntries } from './pagination';

/** Numbered page buttons, shown only when there is more than one page. */
export function Pagination({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('gallery');
  const entries = pageEntries(page, pageCount);
  if (entries.length === 0) return null;
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      <ul>
        {entries.map((entry) =>
          entry.kind === 'gap' ? (
            <li key={entry.key} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={entry.page}>
              <button
                type="button"
                className="pagination__button"
                aria-label={t('pagination.page', { page: entry.page })}
                aria-current={entry.page === page ? 'page' : undefined}
                onClick={() => onPage(entry.page)}
              >
                {entry.page}
              </button>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
