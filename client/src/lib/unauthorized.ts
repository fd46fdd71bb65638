/**
 * Where an HTTP 401 is reported. Kept apart from the API client so the app shell can install
 * its handler without loading the client (and zod) on the first screen.
 *
 * Members and operations staff sign in separately (DESIGN.md), so a 401 leads each back to
 * their own sign-in screen: the app shell handles `member`, the operations console `staff`.
 */
export type SignInRealm = "member" | "staff";

/** The spec's pause between an HTTP 401 and the sign-in screen (sections 2 and 8), for both realms. */
export const unauthorizedRedirectMs = 1500;

const handlers: Partial<Record<SignInRealm, (code: string) => void>> = {};

export function onUnauthorized(next: (code: string) => void, realm: SignInRealm = "member"): void {
  handlers[realm] = next;
}

export function reportUnauthorized(code: string, realm: SignInRealm = "member"): void {
  handlers[realm]?.(code);
}
