import { useEffect, useState } from 'react';

/**
 * True once the page has loaded and the browser has had an idle moment (at most `timeout` ms after
 * the load event). For work the player did not ask for — the popup announcements — so it does not
 * compete with the first render for the main thread (Lighthouse's TBT on a first visit).
 */
export function useAfterLoadIdle(timeout = 1500): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let cancelIdle = () => {};
    const whenIdle = () => {
      const done = () => {
        if (!cancelled) setReady(true);
      };
      if (typeof window.requestIdleCallback === 'function') {
        const id = window.requestIdleCallback(done, { timeout });
        cancelIdle = () => window.cancelIdleCallback(id);
      } else {
        const id = window.setTimeout(done, 0);
        cancelIdle = () => window.clearTimeout(id);
      }
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', whenIdle);
      cancelIdle();
    };
  }, [timeout]);
  return ready;
}
