import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useState } from "react";
import { useLocation } from "wouter";
import { useLocale } from "../../i18n/use-locale.ts";
import { useOnline } from "../../offline/connectivity.ts";
import { useSessionState } from "../../state/session.ts";
import { useQuote } from "../../state/topics.ts";
import { localName } from "../market/instrument.ts";
import { knownInstrument } from "../market/market-api.ts";
import { IconBell } from "./alert-icons.tsx";

/** The form and its rules load when the member first taps the bell. */
const AlertSheet = lazy(() => import("./alert-sheet.tsx").then((m) => ({ default: m.AlertSheet })));

/** A stock page's bell: sets a price alert on it; signed out, it leads to sign-in. */
export function AlertButton({ symbol }: { symbol: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const [, navigate] = useLocation();
  const session = useSessionState();
  const online = useOnline();
  const live = useQuote(symbol);
  const instrument = knownInstrument(symbol);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const quote = live ?? instrument?.quote ?? null;

  function start() {
    if (!session) {
      navigate("/login/login");
      return;
    }
    setLoaded(true);
    setOpen(true);
  }

  return (
    <>
      <button
        type="button"
        className="icon-button"
        aria-label={t`Set a price alert`}
        title={online ? undefined : t`You are offline. This needs a connection.`}
        onClick={start}
        disabled={!online}
        data-testid="alert-button"
      >
        <IconBell />
      </button>
      {loaded && session && (
        <Suspense fallback={null}>
          <AlertSheet
            symbol={symbol}
            name={instrument ? localName(instrument.name, locale) : symbol}
            quote={quote}
            open={open}
            onOpenChange={setOpen}
          />
        </Suspense>
      )}
    </>
  );
}
