import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';

/** A page's frame: its heading (also the tab title) and its content in the page column. */
export function PageFrame({ title, children, wide = false }: { title: string; children?: ReactNode; wide?: boolean }) {
  useDocumentTitle(title);
  return (
    <div className={`page container${wide ? ' page--wide' : ''}`}>
      <h1 className="page-title">{title}</h1>
      {children}
    </div>
  );
}
