import { sessionCookieName } from "@kabuto/shared";
import type { Handshake } from "./gateway.ts";

/** Who a session token belongs to, and the key its end will be announced by. */
export type SessionLookup = (token: string) => Promise<{ memberId: string; sessionKey: string } | undefined>;

/** The session token a socket's handshake carries: `auth.token`, a bearer header, or the session cookie. */
export function tokenFromHandshake(handshake: Handshake): string | undefined {
  if (handshake.token) return handshake.token;
  if (handshake.authorization?.startsWith("Bearer "))
    return handshake.authorization.slice(7).trim() || undefined;
  for (const part of handshake.cookie?.split(";") ?? []) {
    const [name, ...value] = part.trim().split("=");
    if (name === sessionCookieName) return decodeURIComponent(value.join("="));
  }
  return undefined;
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
