import type { SessionPhase } from "@kabuto/shared/protocol/market-data";

/**
 * Relative trading intensity through a session: heavy at the open, a lull at midday, a rise
 * into the close (the familiar U shape of equity volume), and thin extended hours.
 * `fraction` is how far through the regular session the instant is, 0 to 1.
 */
export function intensity(phase: SessionPhase, fraction: number): number {
  if (phase === "pre" || phase === "after") return 0.12;
  if (phase !== "regular") return 0;
  const f = Math.min(1, Math.max(0, fraction));
  return 0.55 + 2.2 * Math.exp(-f * 9) + 1.3 * Math.exp(-(1 - f) * 11);
}
