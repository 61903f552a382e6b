import { useEffect } from 'react';
import { documentTitle } from '../../shared/page-title';
import { siteName } from '../site';

/** Sets the tab title (shared/page-title.ts) so history and tabs are readable. */
export function useDocumentTitle(pageTitle: string | null): void {
  useEffect(() => {
    document.title = documentTitle(pageTitle, siteName());
  }, [pageTitle]);
}
