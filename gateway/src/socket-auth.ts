import { sessionCookieName, staffCookieName } from "@kabuto/shared/api/auth";
import type { Handshake } from "./gateway.ts";

/** Who a session token belongs to, and the key its end will be announced by. */
export type SessionLookup = (token: string) => Promise<{ memberId: string; sessionKey: string } | undefined>;

/** Whose a staff session token is, and the key its end would be announced by. */
export type StaffSessionLookup = (
  token: string,
) => Promise<{ staffId: string; sessionKey: string } | undefined>;

function cookieValue(cookie: string | undefined, wanted: string): string | undefined {
  for (const part of cookie?.split(";") ?? []) {
    const [name, ...value] = part.trim().split("=");
    if (name === wanted) return decodeURIComponent(value.join("="));
  }
  return undefined;
}

/** The session token a socket's handshake carries: `auth.token`, a bearer header, or the session cookie. */
export function tokenFromHandshake(handshake: Handshake): string | undefined {
  if (handshake.token) return handshake.token;
  if (handshake.authorization?.startsWith("Bearer "))
    return handshake.authorization.slice(7).trim() || undefined;
  return cookieValue(handshake.cookie, sessionCookieName);
}

/** The staff session token a handshake carries: `auth.staffToken` or the staff cookie. */
export function staffTokenFromHandshake(handshake: Handshake): string | undefined {
  return handshake.staffToken || cookieValue(handshake.cookie, staffCookieName);
}

/**
 * The gateway's `authenticate` option from a session lookup: the gateway reads the token from
 * the handshake; whoever owns sessions (the API's store, wired by the composition package)
 * says whose it is.
 */
export function authenticateWith(lookup: SessionLookup): (handshake: Handshake) => ReturnType<SessionLookup> {
  return async (handshake) => {
    const token = tokenFromHandshake(handshake);
    return token ? lookup(token) : undefined;
  };
}

/** The gateway's `authenticateStaff` option from a staff session lookup, as above. */
export function authenticateStaffWith(
  lookup: StaffSessionLookup,
): (handshake: Handshake) => ReturnType<StaffSessionLookup> {
  return async (handshake) => {
    const token = staffTokenFromHandshake(handshake);
    return token ? lookup(token) : undefined;
  };
}
