/**
 * Where an HTTP 401 is reported. Kept apart from the API client so the app shell can install
 * its handler without loading the client (and zod) on the first screen.
 *
 * Members and operations staff sign in separately (see the README's operations console), so a 401 leads each back to
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

export interface SignInRedirect {
  realm: SignInRealm;
  /** Hash path the realm's sign-in screens start with: a 401 there is a wrong password, which the form shows itself. */
  signInPath: string;
  /** Tells the member or staff why they are leaving, from the 401's error code. */
  notify: (code: string) => void;
  /**
   * Runs at the 401 and returns the move to the sign-in screen, made after the pause; the split
   * lets a realm note where the user was (or clear the session) before the notice is read.
   */
  beginRedirect: () => () => void;
}

/**
 * Sends a realm's 401s to its sign-in screen: a notice, then the redirect after the spec's pause.
 * A screen makes several calls at once, so the 401s that arrive before the redirect lead to one
 * notice and one redirect, not one each.
 */
export function installSignInRedirect({ realm, signInPath, notify, beginRedirect }: SignInRedirect): void {
  let redirecting = false;
  onUnauthorized((code) => {
    if (redirecting || location.hash.startsWith(`#${signInPath}`)) return;
    redirecting = true;
    const redirect = beginRedirect();
    notify(code);
    setTimeout(() => {
      redirecting = false;
      redirect();
    }, unauthorizedRedirectMs);
  }, realm);
}
