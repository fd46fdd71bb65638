import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { isOnline } from "../offline/connectivity.ts";
import { errorCode } from "./api-error.ts";
import { errorMessage } from "./error-messages.ts";

/** The spec's toast duration (section 9). */
export const toastDurationMs = 2000;

type Toast = typeof import("sonner").toast;

/**
 * sonner, its `toast` and its `Toaster`, loads with the first toast rather than with the first
 * paint: a phone's first screen needs neither. The app's toaster mounts once a toast is asked for
 * (app/toaster.tsx), and sonner's toaster shows the toasts made before it subscribed.
 */
let loading: Promise<Toast> | undefined;
let toasterWanted = false;
const toasterListeners = new Set<() => void>();

function withToast(show: (toast: Toast) => void): Promise<void> {
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of toasterListeners) listener();
  }
  loading ??= import("sonner").then((module) => module.toast);
  return loading
    .then((toast) => {
      const shown = toastInPage();
      show(toast);
      return shown;
    })
    .catch((error: unknown) => {
      // A chunk that could not load (offline before the service worker kept it): the next toast tries again.
      loading = undefined;
      console.warn("toast not shown", error);
    });
}

/** Longest a caller waits for a notice to reach the page (the toaster's first mount included). */
const noticeWaitMs = 1000;

/**
 * Resolves once a toast element is added to the page, or after `noticeWaitMs` if none is (a
 * notice sonner folded into one already shown). Watching the page rather than sonner's own
 * timers keeps what follows a notice after its paint whatever sonner does inside.
 */
function toastInPage(): Promise<void> {
  return new Promise((resolve) => {
    const isToast = (node: Node) =>
      node instanceof Element &&
      (node.matches("[data-sonner-toast]") || node.querySelector("[data-sonner-toast]") !== null);
    const done = () => {
      observer.disconnect();
      clearTimeout(cap);
      resolve();
    };
    const observer = new MutationObserver((records) => {
      if (records.some((record) => [...record.addedNodes].some(isToast))) done();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const cap = setTimeout(done, noticeWaitMs);
  });
}

/** Whether a toast has been asked for, so the toaster is wanted on screen. */
export function isToasterWanted(): boolean {
  return toasterWanted;
}

export function subscribeToaster(listener: () => void): () => void {
  toasterListeners.add(listener);
  return () => toasterListeners.delete(listener);
}

/**
 * Shows the translated error of anything a call threw. A call that could not reach the server
 * while the device is offline says nothing: the offline banner already does, once.
 */
export function notifyError(error: unknown): void {
  const code = errorCode(error);
  if (code === "NETWORK_ERROR" && !isOnline()) return;
  const message = errorMessage(i18n, code);
  void withToast((toast) => toast.error(message, { duration: toastDurationMs }));
}

/** Resolves once the notice is in the page (or could not be shown), for what should follow it. */
export function notifySuccess(message: string): Promise<void> {
  return withToast((toast) => toast.success(message, { duration: toastDurationMs }));
}

export function notifyInfo(message: string): Promise<void> {
  return withToast((toast) => toast(message, { duration: toastDurationMs }));
}

/** Copies a value the member will paste elsewhere (bank details, an invitation code) and says so. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notifySuccess(i18n._(msg`Copied`));
  } catch {
    // Clipboard refused (insecure page or permission): the value stays selectable on screen.
  }
}
