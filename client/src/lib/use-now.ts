import { useEffect, useState } from "react";

/**
 * The current time, renewed every `stepMs` while `active` (a countdown, a quote's expiry): a
 * screen re-renders on that beat and no faster.
 */
export function useNow(stepMs: number, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), stepMs);
    return () => clearInterval(timer);
  }, [stepMs, active]);
  return now;
}
