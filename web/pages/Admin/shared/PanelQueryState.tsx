import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type QueryLike, QueryState } from '../../../components/QueryState';

interface PanelQueryStateProps<T> {
  query: QueryLike<T>;
  /** The sentence when the read failed. */
  error: string;
  /** Whether the answer holds nothing to show; `empty` is then shown instead of the content. */
  isEmpty?: (data: T) => boolean;
  empty?: string;
  children: (data: T) => ReactNode;
}

/**
 * QueryState as every admin panel shows it: a quiet "Loading…" and a failure as a form message, without a retry
 * (the panel's own actions refresh it).
 */
export function PanelQueryState<T>(props: PanelQueryStateProps<T>) {
  const { t } = useTranslation('common');
  return <QueryState {...props} look="panel" loading={t('loading')} />;
}

interface PanelItemsStateProps<T> {
  query: QueryLike<{ items: T[] }>;
  /** The sentence when the read failed. */
  error: string;
  /** The line when there are no items. */
  empty: string;
  children: (items: T[]) => ReactNode;
}

/** PanelQueryState for an answer that is a list of `items`: `empty` when there are none, else the items. */
export function PanelItemsState<T>({ query, error, empty, children }: PanelItemsStateProps<T>) {
  return (
    <PanelQueryState query={query} error={error} isEmpty={(data) => data.items.length === 0} empty={empty}>
      {(data) => children(data.items)}
    </PanelQueryState>
  );
}
