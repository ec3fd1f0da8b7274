import { useCallback, useEffect, useRef } from 'react';

/**
 * The centre menus' current entry (member and agent centres): focus starts on it after the dialog's
 * own focus (the dialog would pick the first entry), and on phones, where the menu is a scrolling
 * strip, it is kept in view as it changes. Pass the returned ref to the current entry's button.
 */
export function useActiveMenuEntry(): (element: HTMLButtonElement | null) => void {
  const activeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      activeRef.current?.focus({ preventScroll: true });
      activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  return useCallback((element: HTMLButtonElement | null) => {
    activeRef.current = element;
    element?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, []);
}
