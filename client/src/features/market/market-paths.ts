/**
 * The sessions outside regular hours the market screen can be opened on (Home's two shortcuts):
 * `pre` (Tokyo's PTS day session, the US pre-market), `after` (the PTS night session, US after-hours).
 */
export type ExtendedSession = "pre" | "after";

export function isExtendedSession(value: string | null): value is ExtendedSession {
  return value === "pre" || value === "after";
}

/**
 * `#/market/market?session=pre`: each market's session outside its regular hours above the lists
 * (the one on now, or the one asked for), on Tokyo's list while the PTS trades.
 */
export function extendedSessionPath(session: ExtendedSession): string {
  return `/market/market?${new URLSearchParams({ session }).toString()}`;
}
