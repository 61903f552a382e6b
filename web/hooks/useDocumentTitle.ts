import { useEffect } from 'react';
import { siteName } from '../site';

/** Sets the tab title to "<page> · <site>" so history and tabs are readable. */
export function useDocumentTitle(pageTitle: string | null): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${siteName()}` : siteName();
  }, [pageTitle]);
}
