import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { lazy, StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { Layout } from './components/Layout/Layout';
import { AppRoutes } from './routes';

/** The admin's upload tray: a chunk of its own, loaded when the layout first shows it. */
const UploadTray = lazy(() => import('./pages/Admin/uploads/UploadTray'));

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
}

/**
 * The whole app, the same tree on the server and in the browser: hydration matches the server's HTML only when
 * every component (and so every `useId`) sits where it sat there. `location` is given on the server only; the
 * browser reads its own address.
 */
export function App({
  i18n,
  queryClient,
  location,
}: {
  i18n: I18n;
  queryClient: QueryClient;
  location?: { path: string; search: string };
}) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <Router ssrPath={location?.path} ssrSearch={location?.search}>
            <Layout uploadTray={<UploadTray />}>
              <AppRoutes />
            </Layout>
          </Router>
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>
  );
}
