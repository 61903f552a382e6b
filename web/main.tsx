import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { adoptServerIntlTexts } from '../shared/intl-texts';
import { App, createQueryClient } from './App';
import { hydratingServerPage } from './components/Media/placeholder';
import { initI18n } from './i18n';
import { firstPageShown } from './routes';
import { adoptServerAnswers, readServerState } from './server-state';
import './styles/base.css';

export { firstPageShown };

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The public pages arrive rendered by the server with the state they were rendered from; the private ones arrive
// as an empty shell and are rendered here.
const state = readServerState();
const i18n = await initI18n(state ?? undefined);
const queryClient = createQueryClient();
const app = <App i18n={i18n} queryClient={queryClient} />;

if (state) {
  adoptServerAnswers(queryClient, state.answers);
  adoptServerIntlTexts(state.intlTexts);
  hydratingServerPage(firstPageShown);
  // The page is already painted and readable, so hydrating it is not urgent: as a transition React does it in slices
  // of a few milliseconds, yielding to the browser between them, instead of one long task that holds up a tap.
  startTransition(() => {
    hydrateRoot(root, app, {
      // A page that does not match the server's HTML is rendered again here; say so, so it is noticed and fixed.
      onRecoverableError: (error) => console.error('hydration failed', error),
    });
  });
} else {
  createRoot(root).render(app);
}
