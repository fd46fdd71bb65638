import { I18nProvider } from "@lingui/react";
import { Router } from "wouter";
import { useLangFromAddress } from "../i18n/address-lang.ts";
import { i18n } from "../i18n/i18n.ts";
import { OfflineBanner } from "../offline/offline-banner.tsx";
import { useHashQueryLocation } from "./hash-location.ts";
import { AppRoutes } from "./routes.tsx";
import { AppToaster } from "./toaster.tsx";
import { UpdateNotice } from "./update-notice.tsx";

export function App() {
  return (
    <I18nProvider i18n={i18n}>
      <OfflineBanner />
      <Router hook={useHashQueryLocation}>
        <AddressLang />
        <AppRoutes />
      </Router>
      <UpdateNotice />
      <AppToaster />
    </I18nProvider>
  );
}

/** Inside the router, so it sees each in-app navigation's address. */
function AddressLang(): null {
  useLangFromAddress();
  return null;
}
