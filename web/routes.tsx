import { type ComponentType, lazy as reactLazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch } from 'wouter';
import { Navigate } from './router';

type PageProps = { params?: Record<string, string | undefined> };
type PageModule = { default: ComponentType<PageProps> };

const preloads: Array<() => Promise<unknown>> = [];

let showFirstPage: () => void = () => undefined;
/**
 * Settles once the first page is the app's: rendered, or for a page the server rendered, hydrated (React drops a
 * click on server markup it has not hydrated yet, so what a visitor did before waits for this).
 */
export const firstPageShown = new Promise<void>((resolve) => {
  showFirstPage = resolve;
});

/**
 * A page in its own chunk, loaded on first visit. Unlike React.lazy alone, a page whose chunk has arrived renders at
 * once instead of suspending first: the server loads every page before rendering (preloadPages), so its HTML holds
 * the page itself, never a loading state waiting for a script.
 */
function lazy(load: () => Promise<PageModule>): ComponentType<PageProps> {
  let loaded: PageModule | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module;
      return module;
    });
  preloads.push(preload);
  const Pending = reactLazy(preload);
  return function Page(props: PageProps) {
    useEffect(() => showFirstPage(), []);
    const Loaded = loaded?.default;
    return Loaded ? <Loaded {...props} /> : <Pending {...props} />;
  };
}

let allLoaded: Promise<unknown> | undefined;

/** Loads every page's chunk (the server renderer does, before its first render). */
export async function preloadPages(): Promise<void> {
  allLoaded ??= Promise.all(preloads.map((preload) => preload()));
  await allLoaded;
}

/** Each page is its own chunk, loaded on first visit, so the home page ships only what it needs. */
const pages: Array<[path: string, component: ComponentType<PageProps>]> = [
  ['/', lazy(() => import('./pages/Home/index'))],
  ['/gallery', lazy(() => import('./pages/Gallery/index'))],
  // The competitions' list and each event's page share one chunk.
  ['/events/:slug?', lazy(() => import('./pages/Events/index'))],
  // The printable poster: its own chunk, with the QR encoder.
  ['/events/:slug/poster', lazy(() => import('./pages/EventPoster/index'))],
  ['/me', lazy(() => import('./pages/MyGallery/index'))],
  ['/me/orders', lazy(() => import('./pages/MyOrders/index'))],
  ['/contact', lazy(() => import('./pages/Contact/index'))],
  ['/admin/*?', lazy(() => import('./pages/Admin/index'))],
  ['/login', lazy(() => import('./pages/Login/index'))],
  ['/signup', lazy(() => import('./pages/Signup/index'))],
  ['/account', lazy(() => import('./pages/Account/index'))],
  ['/change-password', lazy(() => import('./pages/ChangePassword/index'))],
  ['/forgot-password', lazy(() => import('./pages/ForgotPassword/index'))],
  ['/reset-password', lazy(() => import('./pages/ResetPassword/index'))],
  ['/verify-email', lazy(() => import('./pages/VerifyEmail/index'))],
  ['/accept-invite', lazy(() => import('./pages/AcceptInvite/index'))],
];

/** Every page of the site; any other path goes home. */
export function AppRoutes() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<p className="page container muted">{t('loading')}</p>}>
      <Switch>
        {pages.map(([path, Page]) => (
          <Route key={path} path={path} component={Page} />
        ))}
        <Route>
          <Navigate to="/" replace />
        </Route>
      </Switch>
    </Suspense>
  );
}
