import { useEffect, useState } from 'react';

/** Below this many pixels from the top a floating control always shows. */
const TOP_ZONE = 80;
/** Smaller moves (a finger resting, momentum's tail) do not flip it. */
const DEAD_ZONE = 8;

/**
 * Whether a floating control should tuck away: while the page scrolls down (the player is reading or
 * reaching for a button it would cover, such as the VN slip's "Apostar"), and back on the first
 * scroll up or near the top.
 */
export function tuckedAfter(previous: boolean, fromY: number, toY: number): boolean {
  if (toY < TOP_ZONE) return false;
  if (toY - fromY > DEAD_ZONE) return true;
  if (fromY - toY > DEAD_ZONE) return false;
  return previous;
}

export function useTuckOnScroll(enabled: boolean): boolean {
  const [tucked, setTucked] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - last) <= DEAD_ZONE && y >= TOP_ZONE) return;
      setTucked((previous) => tuckedAfter(previous, last, y));
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return enabled && tucked;
}
