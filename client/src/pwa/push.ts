import { pushApi } from "@kabuto/shared/endpoints/push";
import { i18n } from "../i18n/i18n.ts";
import type { AppLocale } from "../i18n/locale.ts";
import { call } from "../lib/api.ts";
import { currentSession, subscribeSession } from "../state/session.ts";

/**
 * Web Push: the member's notices on this device while the app is closed (docs/push.md). Loaded
 * lazily, by the alert sheet and once the app is idle, never with the first screen.
 */

/** Whether this browser takes pushes: any current browser, and on iOS only the app added to the Home Screen. */
function supported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/**
 * Asks the member for permission, only while the browser has not had an answer. Called in the
 * tap that sets an alert, before anything is awaited: Safari asks only within a tap.
 */
export function askPushPermission(): Promise<NotificationPermission> {
  if (!supported()) return Promise.resolve("denied");
  if (Notification.permission !== "default") return Promise.resolve(Notification.permission);
  return Notification.requestPermission();
}

/**
 * Saves this browser's subscription, made anew where it is gone or was made with another
 * server key; where permission is not granted it does nothing. Saving it again each time the app
 * opens keeps its language and member current, and brings back one a push service dropped.
 */
export async function savePushSubscription(): Promise<void> {
  if (!supported() || Notification.permission !== "granted") return;
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await call(pushApi.key);
  const serverKey = fromBase64Url(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, serverKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: serverKey,
  });
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) return;
  await call(pushApi.save, {
    body: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, locale: i18n.locale as AppLocale },
  });
}

/**
 * Forgets this browser's subscription on the server, before its member signs out: whoever uses
 * the device next must not see their notices. The browser keeps it, and saves it again for the
 * next member who signs in.
 */
export async function forgetPushSubscription(): Promise<void> {
  if (!supported() || Notification.permission !== "granted") return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) await call(pushApi.remove, { body: { endpoint: subscription.endpoint } });
}

/**
 * Renews the subscription at each start of a signed-in app, and at each sign-in after it (the
 * browser is then that member's).
 */
export function startPushRenewal(): void {
  const renew = () => {
    if (currentSession()) void savePushSubscription().catch(() => undefined);
  };
  renew();
  subscribeSession(renew);
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function sameKey(held: ArrayBuffer | null, serverKey: Uint8Array): boolean {
  if (!held || held.byteLength !== serverKey.length) return false;
  const bytes = new Uint8Array(held);
  return bytes.every((byte, at) => byte === serverKey[at]);
}
