import { I18nProvider } from "@lingui/react";
import { Router } from "wouter";
import { useLangFromAddress } from "../i18n/address-lang.ts";
import { i18n } from "../i18n/i18n.ts";
import { OfflineBanner } from "../offline/offline-banner.tsx";
import { useAccountFeed } from "../state/account-feed.ts";
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
      <AccountFeed />
    </I18nProvider>
  );
}

/** Inside the router, so it sees each in-app navigation's address. */
function AddressLang(): null {
  useLangFromAddress();
  return null;
}

/**
 * The member's account events while they are signed in, on whichever screen: a feature tells
 * them of some wherever they are (an alert fired, a day trade closed), so the feed cannot wait
 * for a screen that shows the account. An alert that fired on the stock's own page, before the
 * member had opened one, was written down but never announced.
 */
function AccountFeed(): null {
  useAccountFeed();
  return null;
}
