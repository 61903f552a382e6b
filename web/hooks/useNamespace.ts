import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadNamespace, type Namespace } from '../i18n';
import { lazyLocaleFiles } from '../i18n/lazy-locales';

/** Whether the texts of `ns` are loaded; loads them on first use (for namespaces kept out of the first page). */
export function useNamespace(ns: Namespace): boolean {
  const { i18n } = useTranslation();
  const [ready, setReady] = useState(() => i18n.hasResourceBundle(i18n.language, ns));
  useEffect(() => {
    let current = true;
    loadNamespace(i18n, ns, lazyLocaleFiles).then(
      () => current && setReady(true),
      // A failed chunk load leaves the keys untranslated rather than the page blank.
      () => current && setReady(true),
    );
    return () => {
      current = false;
    };
  }, [i18n, ns]);
  return ready;
}
