import { type ReactNode, Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from '../../router';
import { BottomSheetProvider } from '../BottomSheet/BottomSheet';
import { ErrorBoundary } from '../ErrorBoundary';
import { Footer } from './Footer';
import { NavBar } from './NavBar';
import { uploadTraySignal } from './upload-tray-signal';
import './layout.css';

/**
 * The frame of every page: skip link, navigation (with the language button), the page (`children`), the bottom
 * sheet, footer. The admin's upload tray is given by the app and shown in the sheet only once an upload has started
 * in this page load, so its chunk is not fetched before.
 */
export function Layout({ children, uploadTray }: { children: ReactNode; uploadTray: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);
  const uploading = useSyncExternalStore(uploadTraySignal.subscribe, uploadTraySignal.get, () => false);

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
      <BottomSheetProvider
        tray={uploading ? <Suspense fallback={null}>{uploadTray}</Suspense> : null}
        footer={<Footer />}
      >
        <main id="main" tabIndex={-1} ref={mainRef}>
          <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>
        </main>
      </BottomSheetProvider>
    </>
  );
}
