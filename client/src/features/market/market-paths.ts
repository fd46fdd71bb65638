/** The US extended sessions the market screen can be opened on (Home's two shortcuts). */
export type ExtendedSession = "pre" | "after";

export function isExtendedSession(value: string | null): value is ExtendedSession {
  return value === "pre" || value === "after";
}

/** `#/market/market?tab=us&session=pre`: the US list with the session's hours above it. */
export function extendedSessionPath(session: ExtendedSession): string {
  return `/market/market?${new URLSearchParams({ tab: "us", session }).toString()}`;
}
