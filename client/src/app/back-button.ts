import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { notifyInfo } from "../lib/notify.ts";
import { navigate } from "./hash-location.ts";

/**
 * The native wrapper's back button (spec section 2): go back when there is somewhere to go,
 * otherwise a second press within one second quits the app.
 *
 * The Capacitor shell's bridge (`native/bridge.ts`) calls it on each hardware back press with
 * the web view's own answer to "can it go back", and quits through `window.kabutoExit`. Another
 * wrapper may call `window.kabutoBack()` and quit when it returns "exit". In a plain browser
 * nobody calls it and the browser's own back button works as usual.
 */
export const exitWindowMs = 1000;

export type BackResult = "back" | "armed" | "exit";

let armedAtMs: number | undefined;

/**
 * Whether the page has an entry to go back to: the Navigation API knows (Chromium, so Android's
 * web view); elsewhere the history's length is the best guess.
 */
export function pageCanGoBack(): boolean {
  const navigation = (window as { navigation?: { canGoBack?: boolean } }).navigation;
  return navigation?.canGoBack ?? window.history.length > 1;
}

export function handleBackButton(
  canGoBack: boolean = pageCanGoBack(),
  nowMs: number = Date.now(),
): BackResult {
  if (canGoBack) {
    window.history.back();
    return "back";
  }
  if (armedAtMs !== undefined && nowMs - armedAtMs <= exitWindowMs) {
    armedAtMs = undefined;
    window.kabutoExit?.();
    return "exit";
  }
  armedAtMs = nowMs;
  notifyInfo(i18n._(msg`Press back again to exit`));
  return "armed";
}

/** The in-page back arrow: back in history, or home when the page was opened directly. */
export function goBack(fallback = "/home/index"): void {
  if (window.history.length > 1) window.history.back();
  else navigate(fallback, { replace: true });
}

declare global {
  interface Window {
    kabutoBack?: () => BackResult;
    kabutoExit?: () => void;
  }
}

export function installBackButton(): void {
  window.kabutoBack = () => handleBackButton();
}
