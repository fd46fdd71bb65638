import { Tabs } from "@base-ui/react/tabs";
import type { InstrumentWithQuote, Market } from "@kabuto/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { IconSearch } from "../../app/icons.tsx";
import { PageHeader } from "../../app/page-header.tsx";
import { errorCode } from "../../lib/api-error.ts";
import { errorMessage } from "../../lib/error-messages.ts";
import { useAsync } from "../../lib/use-async.ts";
import { useSessionState } from "../../state/session.ts";
import { fetchInstrument, fetchInstruments, knownInstrument } from "./market-api.ts";
import { QuoteList, QuoteListSkeleton } from "./quote-list.tsx";
import { SessionBadge } from "./session-badge.tsx";
import { loadWatchlist, useWatchlist } from "./watchlist.ts";
import "./market.css";

const marketTabs = ["jp", "us", "watchlist"] as const;
type MarketTab = (typeof marketTabs)[number];

function isMarketTab(value: string | null): value is MarketTab {
  return (marketTabs as readonly (string | null)[]).includes(value);
}

/** The Quotes tab: Japanese stocks, US stocks and the member's watchlist (spec section 2). */
export function MarketScreen() {
  const { t } = useLingui();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const [tab, setTab] = useState<MarketTab>("jp");
  const requested = path === "/market/market" ? new URLSearchParams(search).get("tab") : null;

  // A link such as the home screen's watchlist shortcut picks the tab (`?tab=watchlist`).
  useEffect(() => {
    if (isMarketTab(requested)) setTab(requested);
  }, [requested]);

  function choose(value: MarketTab) {
    setTab(value);
    navigate(`/market/market?tab=${value}`, { replace: true });
  }

  return (
    <>
      <PageHeader
        title={<Trans>Quotes</Trans>}
        actions={
          <Link href="/home/search" className="icon-button" aria-label={t`Search stocks`}>
            <IconSearch />
          </Link>
        }
      />
      <Tabs.Root value={tab} onValueChange={(value) => isMarketTab(value) && choose(value)}>
        <Tabs.List className="underline-tabs market-tabs">
          <Tabs.Tab className="underline-tabs__tab" value="jp">
            <Trans>Japanese stocks</Trans>
          </Tabs.Tab>
          <Tabs.Tab className="underline-tabs__tab" value="us">
            <Trans>US stocks</Trans>
          </Tabs.Tab>
          <Tabs.Tab className="underline-tabs__tab" value="watchlist">
            <Trans>Watchlist</Trans>
          </Tabs.Tab>
          <Tabs.Indicator className="underline-tabs__indicator" />
        </Tabs.List>
        <Tabs.Panel value="jp">
          <MarketPanel market="JP" />
        </Tabs.Panel>
        <Tabs.Panel value="us">
          <MarketPanel market="US" />
        </Tabs.Panel>
        <Tabs.Panel value="watchlist">
          <WatchlistPanel />
        </Tabs.Panel>
      </Tabs.Root>
    </>
  );
}

function PanelBar({ children }: { children: React.ReactNode }) {
  return <div className="panel-bar">{children}</div>;
}

function LoadError({ error }: { error: unknown }) {
  const { i18n } = useLingui();
  return (
    <p className="empty" role="alert">
      {errorMessage(i18n, errorCode(error))}
    </p>
  );
}

function MarketPanel({ market }: { market: Market }) {
  const list = useAsync(market, () => fetchInstruments({ market, limit: 200 }));
  return (
    <>
      <PanelBar>
        <SessionBadge market={market} named />
      </PanelBar>
      {list.status === "loading" && <QuoteListSkeleton />}
      {list.status === "error" && <LoadError error={list.error} />}
      {list.status === "ready" && <QuoteList items={list.value.items} />}
    </>
  );
}

function WatchlistPanel() {
  const session = useSessionState();
  const symbols = useWatchlist();
  const [error, setError] = useState<unknown>();

  useEffect(() => {
    if (!session) return;
    loadWatchlist(true).catch(setError);
  }, [session]);

  if (!session) {
    return (
      <div className="empty">
        <p>
          <Trans>Sign in to keep a watchlist.</Trans>
        </p>
        <Link href="/login/login" className="button button--primary">
          <Trans>Sign in</Trans>
        </Link>
      </div>
    );
  }
  return (
    <>
      <PanelBar>
        <SessionBadge market="JP" named />
        <SessionBadge market="US" named />
      </PanelBar>
      {error !== undefined && symbols === undefined && <LoadError error={error} />}
      {error === undefined && symbols === undefined && <QuoteListSkeleton />}
      {symbols?.length === 0 && (
        <div className="empty">
          <p>
            <Trans>No stocks yet. Tap the star on a stock to add it here.</Trans>
          </p>
          <Link href="/home/search" className="button button--outline">
            <Trans>Find stocks</Trans>
          </Link>
        </div>
      )}
      {symbols !== undefined && symbols.length > 0 && <WatchedQuotes symbols={symbols} />}
    </>
  );
}

/** Watchlist rows: instruments already seen are named at once, the others are asked for. */
function WatchedQuotes({ symbols }: { symbols: string[] }) {
  const missing = symbols.filter((symbol) => !knownInstrument(symbol));
  const loaded = useAsync(missing.length ? missing.join(",") : "none", async () => {
    const found = await Promise.allSettled(missing.map((symbol) => fetchInstrument(symbol)));
    return found.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  });
  if (missing.length > 0 && loaded.status === "loading") return <QuoteListSkeleton />;
  const fetched = loaded.status === "ready" ? loaded.value : [];
  const items: InstrumentWithQuote[] = symbols.flatMap((symbol) => {
    const instrument = fetched.find((item) => item.symbol === symbol) ?? knownInstrument(symbol);
    return instrument ? [instrument] : [];
  });
  return <QuoteList items={items} />;
}
