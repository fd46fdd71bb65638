import type { SessionResponse } from "@kabuto/shared/api/auth";
import { readStorage, removeStorage, writeStorage } from "../lib/storage.ts";
import { atom, store, useValue } from "./store.ts";

/**
 * The signed-in member as the browser remembers it. The server's session is the httpOnly
 * cookie alone: the sign-in answer carries no token, so no script on the page can read one.
 * The spec's storage keys `account` and `is_admin` are kept (section 3); `tokend`, where an
 * earlier version kept the token, is only cleared. A native wrapper asks for its bearer token
 * itself (`X-Session-Transport: bearer`).
 */
export interface Session {
  account: string;
  isAdmin: boolean;
}

const keys = { token: "tokend", account: "account", isAdmin: "is_admin" } as const;

function storedSession(): Session | null {
  const account = readStorage(keys.account);
  if (!account) return null;
  return { account, isAdmin: readStorage(keys.isAdmin) === "1" };
}

const sessionAtom = atom<Session | null>(storedSession());

export function useSessionState(): Session | null {
  return useValue(sessionAtom);
}

export function currentSession(): Session | null {
  return store.get(sessionAtom);
}

/** Calls `listener` whenever the member signs in, out, or is signed out by a 401. */
export function subscribeSession(listener: () => void): () => void {
  return store.sub(sessionAtom, listener);
}

export function saveSession(response: SessionResponse): void {
  // Members have no admin role: staff sign in to the operations console, not this app.
  const session: Session = { account: response.member.account, isAdmin: false };
  writeStorage(keys.account, session.account);
  writeStorage(keys.isAdmin, "0");
  store.set(sessionAtom, session);
}

export function clearSession(): void {
  for (const key of Object.values(keys)) removeStorage(key);
  store.set(sessionAtom, null);
}
