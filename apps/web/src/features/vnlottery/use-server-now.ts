import { useEffect, useState } from 'react';

/** The server's clock (this browser's plus `offsetMs`), ticking every `intervalMs`. */
export function useServerNow(offsetMs: number, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    setNow(Date.now() + offsetMs);
    const id = setInterval(() => setNow(Date.now() + offsetMs), intervalMs);
    return () => clearInterval(id);
  }, [offsetMs, intervalMs]);
  return now;
}
