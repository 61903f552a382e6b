import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from '../../router';
import { AppRoutes } from '../../routes';
import { ErrorBoundary } from '../ErrorBoundary';
import { Footer } from './Footer';
import { LanguageMenu } from './LanguageMenu';
import { NavBar } from './NavBar';
import './layout.css';

/** The frame of every page: skip link, navigation, the page, footer, and the floating language button. */
export function Layout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  // A new page starts at the top, and focus moves to it so screen readers announce the change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change by design
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo(0, 0);
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <NavBar />
      <main id="main" tabIndex={-1} ref={mainRef}>
        <ErrorBoundary resetKey={pathname}>
          <AppRoutes />
        </ErrorBoundary>
      </main>
      <Footer />
      <LanguageMenu />
    </>
  );
}
