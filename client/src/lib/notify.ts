import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { toast } from "sonner";
import { isOnline } from "../offline/connectivity.ts";
import { errorCode } from "./api-error.ts";
import { errorMessage } from "./error-messages.ts";

/** The spec's toast duration (section 9). */
export const toastDurationMs = 2000;

/**
 * Shows the translated error of anything a call threw. A call that could not reach the server
 * while the device is offline says nothing: the offline banner already does, once.
 */
export function notifyError(error: unknown): void {
  const code = errorCode(error);
  if (code === "NETWORK_ERROR" && !isOnline()) return;
  toast.error(errorMessage(i18n, code), { duration: toastDurationMs });
}

export function notifySuccess(message: string): void {
  toast.success(message, { duration: toastDurationMs });
}

export function notifyInfo(message: string): void {
  toast(message, { duration: toastDurationMs });
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
