// First: before any module builds a schema (see zod-config.ts).
import "./zod-config.ts";
import { i18n } from "@lingui/core";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import "./app/app.css";
import { installBackButton } from "./app/back-button.ts";
import { currentPath, currentSearch, navigate } from "./app/hash-location.ts";
import { preloadScreen } from "./app/routes.tsx";
import { activateLocale, startupLocale } from "./i18n/i18n.ts";
import { errorMessage } from "./lib/error-messages.ts";
import { notifyInfo } from "./lib/notify.ts";
import { afterOpeningScreen } from "./lib/opening-screen.ts";
import { installSignInRedirect } from "./lib/unauthorized.ts";
import { startNative } from "./native/bridge.ts";
import { clearSession } from "./state/session.ts";

function handleUnauthorized(): void {
  installSignInRedirect({
    realm: "member",
    signInPath: "/login/",
    notify: (code) => notifyInfo(errorMessage(i18n, code)),
    beginRedirect: () => {
      clearSession();
      return () => navigate("/login/login");
    },
  });
}

async function start(): Promise<void> {
  installBackButton();
  handleUnauthorized();
  // Nothing in a browser; wrapped, the kept token is read before the first request.
  const native = startNative().catch((error: unknown) => console.error(error));
  // The opening screen's chunk and its main reads go out beside the language, not after it.
  preloadScreen(currentPath(), new URLSearchParams(currentSearch()), native);
  await Promise.all([native, activateLocale(startupLocale())]);
  const container = document.getElementById("root");
  if (!container) throw new Error("index.html has no #root");
  const root = createRoot(container);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding a phone's main thread for the whole screen at once.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  // None of these is part of the opening screen: they wait until it has painted with its
  // reads, so that a phone's slow link carries the screen's own chunks and reads first.
  void afterOpeningScreen().then(() => {
    // It brings the API client and its schemas.
    void import("./lib/config-title.ts").then((module) => module.applyConfigTitle());
    // The last known state: kept while online, shown when the app opens offline.
    void import("./offline/last-state.ts").then((module) => module.startLastState());
    // The service worker only in a build: Vite's dev server has no precache to serve.
    if (import.meta.env.PROD)
      void import("./pwa/register.ts").then((module) => module.registerServiceWorker());
  });
}

void start();
