import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Animates a number from 1 towards a result on a log scale (so 1.5× and 5000× both take the same
 * short time), resolving when it lands. Used by limbo's counter; crash-like counters may reuse it.
 */
export function useCountUp(durationMs = 550) {
  const [value, setValue] = useState<number | null>(null);
  const frame = useRef(0);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  const run = useCallback(
    (target: number) =>
      new Promise<void>((done) => {
        cancelAnimationFrame(frame.current);
        const end = Math.log(Math.max(1, target));
        const started = performance.now();
        const step = (now: number) => {
          const k = Math.min(1, (now - started) / durationMs);
          const eased = 1 - (1 - k) ** 3;
          setValue(k >= 1 ? target : Math.exp(end * eased));
          if (k < 1) frame.current = requestAnimationFrame(step);
          else done();
        };
        frame.current = requestAnimationFrame(step);
      }),
    [durationMs],
  );
  return { value, run };
}
