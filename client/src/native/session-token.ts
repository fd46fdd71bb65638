import { Capacitor } from "@capacitor/core";

/**
 * The native wrapper's session: a bearer token (`X-Session-Transport: bearer` at sign-in) kept
 * in the platform's secure storage (Keychain, Android Keystore) and sent as
 * `Authorization: Bearer` on every API call and in the socket's handshake. In a browser there is
 * none: `isWrapped()` is false and requests carry the httpOnly cookie. Kept apart from the rest
 * of the bridge (bridge.ts) so the API client imports only this.
 */

/** The key the token is kept under in secure storage. */
export const tokenStorageKey = "kabuto.session";
/**
 * The key of the device token (a browser's device cookie; see `deviceCookieName` in shared's
 * auth.ts): it outlives sign-outs, since it is what keeps this phone signing in while someone
 * else's guesses hold the account.
 */
export const deviceTokenStorageKey = "kabuto.device";

let token: string | undefined;
let device: string | undefined;

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

/** The device token when wrapped and one was kept; a browser sends its device cookie instead. */
export function deviceToken(): string | undefined {
  return device;
}

/** Reads the kept tokens at start-up, before the first request (bridge.ts). */
export async function readSessionToken(): Promise<void> {
  const { SecureStorage } = await secureStorage();
  token = (await SecureStorage.getItem(tokenStorageKey).catch(() => null)) ?? undefined;
  device = (await SecureStorage.getItem(deviceTokenStorageKey).catch(() => null)) ?? undefined;
}

/** Keeps the device token a bearer sign-in returned, in place of the one before. */
export async function keepDeviceToken(received: string | undefined): Promise<void> {
  if (!isWrapped() || received === undefined) return;
  device = received;
  const { SecureStorage } = await secureStorage();
  await SecureStorage.setItem(deviceTokenStorageKey, received);
}

/** Keeps the token a bearer sign-in returned; a browser's sign-in returns none and nothing happens. */
export async function keepSessionToken(received: string | undefined): Promise<void> {
  if (!isWrapped() || received === undefined) return;
  token = received;
  const { SecureStorage } = await secureStorage();
  await SecureStorage.setItem(tokenStorageKey, received);
}

/** Drops the token from memory and storage (a sign-out, or a 401 that ended the session). */
export async function forgetSessionToken(): Promise<void> {
  if (token === undefined) return;
  token = undefined;
  const { SecureStorage } = await secureStorage();
  await SecureStorage.removeItem(tokenStorageKey);
}
