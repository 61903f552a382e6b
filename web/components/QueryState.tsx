import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from './FormMessage';

/** The part of a TanStack query (useQuery's result) the states read. */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => unknown;
}

/** `className` first, then the state's own class: "gallery__state muted". */
const classes = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

interface LoadingLineProps {
  text: string;
  className?: string;
  /**
   * Announces the line to a screen reader (role="status"), as the public pages do. The admin panels and a few
   * account pages show it quietly; a page with another status line (a form's outcome) keeps its one live region.
   */
  announce?: boolean;
}

/** "Loading…": the muted line a view shows while its first answer is on its way. */
export function LoadingLine({ text, className, announce = true }: LoadingLineProps) {
  return (
    <p className={classes(className, 'muted')} role={announce ? 'status' : undefined}>
      {text}
    </p>
  );
}

interface LoadFailedProps {
  text: string;
  /** A second, muted line: what may help besides trying again. */
  hint?: string;
  className?: string;
  onRetry: () => unknown;
}

/** A read that failed, announced at once (role="alert"), with "Try again" asking once more. */
export function LoadFailed({ text, hint, className, onRetry }: LoadFailedProps) {
  const { t } = useTranslation('gallery');
  return (
    <div className={className} role="alert">
      <p>{text}</p>
      {hint ? <p className="muted">{hint}</p> : null}
      <button type="button" className="button button--ghost" onClick={() => void onRetry()}>
        {t('error.retry')}
      </button>
    </div>
  );
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** The line while the first answer is on its way. */
  loading: string;
  /** The sentence when the read failed. */
  error: string;
  /** A second line under the error (page look only). */
  errorHint?: string;
  /** Whether the answer holds nothing to show; `empty` is then shown instead of the content. */
  isEmpty?: (data: T) => boolean;
  empty?: string;
  /** The class of every state's element ("gallery__state"), so they sit where the content will. */
  className?: string;
  /** The error block's class, when it differs from the others' ("events-state"). */
  errorClassName?: string;
  /**
   * `page` (the default): the loading line is announced and a failure is a block with "Try again".
   * `panel`: the admin panels' look: a quiet loading line, and the failure as a form message without a retry (the
   * panel's other actions refresh it).
   */
  look?: 'page' | 'panel';
  /** A failed refetch keeps the answer already shown (a gallery page) instead of replacing it with the error. */
  keepDataOnError?: boolean;
  /** The content, once there is an answer that is not empty. */
  children: (data: T) => ReactNode;
}

/**
 * The states of a view over one query, in the order a visitor meets them: loading, failed, empty, content.
 * `<QueryState query={query} loading={t('list.loading')} error={t('list.error')} isEmpty={(d) => !d.items.length}
 * empty={t('list.empty')}>{(data) => <List items={data.items} />}</QueryState>`
 */
export function QueryState<T>({
  query,
  loading,
  error,
  errorHint,
  isEmpty,
  empty,
  className,
  errorClassName = className,
  look = 'page',
  keepDataOnError = false,
  children,
}: QueryStateProps<T>) {
  if (query.isPending) return <LoadingLine text={loading} className={className} announce={look === 'page'} />;
  if (query.isError && !(keepDataOnError && query.data !== undefined)) {
    return look === 'page' ? (
      <LoadFailed text={error} hint={errorHint} className={errorClassName} onRetry={query.refetch} />
    ) : (
      <FormMessage kind="error" text={error} />
    );
  }
  const data = query.data as T;
  if (isEmpty?.(data)) return <p className={classes(className, 'muted')}>{empty}</p>;
  return <>{children(data)}</>;
}
