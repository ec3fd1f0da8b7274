import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { consumeLandingToken } from './app/auto-login';
import { type AppRouter, createAppRouter } from './app/router';
import { i18nReady } from './lib/i18n';
import { restoreSession } from './lib/session';
import './styles/global.css';

// A `?token=` on the landing URL logs the visitor in before the first render (spec §2).
consumeLandingToken();

/** Resolves once the first route's code is in (or after `ms`, so a stuck load still shows the loader). */
function routerReady(router: AppRouter, ms: number): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(finish, ms);
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) finish();
    });
    function finish() {
      clearTimeout(timer);
      unsubscribe();
      done();
    }
  });
}

async function start(container: HTMLElement) {
  // Evaluating the modules is one task; creating the router (which starts the first page's code
  // and strings) gets one of its own, so the main thread is never blocked for both at once.
  await new Promise((next) => setTimeout(next, 0));
  const router = createAppRouter();
  // The static shell in index.html stays up until the first page can render whole, and the render is
  // a transition so React yields to the browser between components instead of one long task.
  // A tab opened from a link asks the open tabs for their session meanwhile (at most 300 ms, and only
  // when a session is open somewhere), so it never shows the player logged out.
  await Promise.all([routerReady(router, 4000), i18nReady.catch(() => undefined), restoreSession(300)]);
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}

const container = document.getElementById('root');
if (container) void start(container);
