import { Capacitor } from "@capacitor/core";
import { handleBackButton } from "../app/back-button.ts";
import { currentSession, subscribeSession } from "../state/session.ts";
import { forgetSessionToken, isWrapped, readSessionToken } from "./session-token.ts";

/**
 * Everything the app asks of the native wrapper (spec section 2), in one place. In a browser
 * none of it runs: `isWrapped()` is false and no plugin is loaded. Inside the Capacitor shell
 * (`capacitor.config.ts`):
 *
 * - the hardware back button goes back, or arms and then quits (`app/back-button.ts`);
 * - the status bar is white with dark text;
 * - the session is a bearer token in secure storage (`session-token.ts`, which the API client
 *   and the socket read).
 *
 * The plugins load only when wrapped, so a browser downloads none of their code.
 */

export const statusBarColour = "#ffffff";

/**
 * Called once before the first screen renders. In a browser it returns at once; wrapped, it
 * reads the kept token (so the first request already carries it), styles the status bar and
 * takes over the back button.
 */
export async function startNative(): Promise<void> {
  if (!isWrapped()) return;
  const [{ App }, { StatusBar, Style }] = await Promise.all([
    import("@capacitor/app"),
    import("@capacitor/status-bar"),
    readSessionToken(),
  ]);
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
