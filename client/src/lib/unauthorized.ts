/**
 * Where an HTTP 401 is reported. Kept apart from the API client so the app shell can install
 * its handler without loading the client (and zod) on the first screen.
 *
 * Members and operations staff sign in separately (DESIGN.md), so a 401 leads each back to
 * their own sign-in screen: the app shell handles `member`, the operations console `staff`.
 */
export type SignInRealm = "member" | "staff";

const handlers: Partial<Record<SignInRealm, (code: string) => void>> = {};

export function onUnauthorized(next: (code: string) => void, realm: SignInRealm = "member"): void {
  handlers[realm] = next;
}

export function reportUnauthorized(code: string, realm: SignInRealm = "member"): void {
  handlers[realm]?.(code);
}
