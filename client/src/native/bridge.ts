import { Capacitor } from "@capacitor/core";
import { handleBackButton } from "../app/back-button.ts";
import { currentSession, subscribeSession } from "../state/session.ts";

/**
 * Everything the app asks of the native wrapper (spec section 2), in one place. In a browser
 * none of it runs: `isWrapped()` is false, no plugin is loaded and requests keep the httpOnly
 * cookie. Inside the Capacitor shell (`capacitor.config.ts`):
 *
 * - the hardware back button goes back, or arms and then quits (`app/back-button.ts`);
 * - the status bar is white with dark text;
 * - the session is a bearer token (`X-Session-Transport: bearer` at sign-in) kept in the
 *   platform's secure storage (Keychain, Android Keystore), and sent as `Authorization: Bearer`
 *   on every API call and in the socket's handshake.
 *
 * The plugins load only when wrapped, so a browser downloads none of their code.
 */

/** The key the token is kept under in secure storage. */
export const tokenStorageKey = "kabuto.session";
export const statusBarColour = "#ffffff";

let token: string | undefined;

/** Whether the app runs inside the native shell rather than a browser. */
export function isWrapped(): boolean {
  return Capacitor.isNativePlatform();
}

/** The session token when wrapped and signed in; undefined in a browser, which sends its cookie. */
export function bearerToken(): string | undefined {
  return token;
}

/**
 * The plugin's module, not the plugin: Capacitor's plugin proxies answer every property,
 * `then` included, so a promise resolving to one would try to call `SecureStorage.then()`.
 */
function secureStorage() {
  return import("@aparajita/capacitor-secure-storage");
}

/** Keeps the token a bearer sign-in returned; a browser's sign-in returns none and nothing happens. */
export async function keepSessionToken(received: string | undefined): Promise<void> {
  if (!isWrapped() || received === undefined) return;
  token = received;
  const { SecureStorage } = await secureStorage();
  await SecureStorage.setItem(tokenStorageKey, received);
}

async function forgetSessionToken(): Promise<void> {
  if (token === undefined) return;
  token = undefined;
  const { SecureStorage } = await secureStorage();
  await SecureStorage.removeItem(tokenStorageKey);
}

/**
 * Called once before the first screen renders. In a browser it returns at once; wrapped, it
 * reads the kept token (so the first request already carries it), styles the status bar and
 * takes over the back button.
 */
export async function startNative(): Promise<void> {
  if (!isWrapped()) return;
  const [{ App }, { StatusBar, Style }, { SecureStorage }] = await Promise.all([
    import("@capacitor/app"),
    import("@capacitor/status-bar"),
    secureStorage(),
  ]);
  token = (await SecureStorage.getItem(tokenStorageKey).catch(() => null)) ?? undefined;
  // A sign-out, or a 401 that ends the session, drops the token from memory and storage.
  subscribeSession(() => {
    if (!currentSession()) void forgetSessionToken();
  });
  // Style.Light is the style for light backgrounds: dark text. The colour is Android's only.
  await StatusBar.setStyle({ style: Style.Light }).catch(() => undefined);
  if (Capacitor.getPlatform() === "android") {
    await StatusBar.setBackgroundColor({ color: statusBarColour }).catch(() => undefined);
  }
  window.kabutoExit = () => void App.exitApp();
  await App.addListener("backButton", ({ canGoBack }) => {
    handleBackButton(canGoBack);
  });
}
