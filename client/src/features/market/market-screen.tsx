import { Tabs } from "@base-ui/react/tabs";
import type { InstrumentWithQuote } from "@kabuto/shared/api/market";
import type { Market } from "@kabuto/shared/symbols";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { IconSearch } from "../../app/icons.tsx";
import { PageHeader } from "../../app/page-header.tsx";
import { errorCode } from "../../lib/api-error.ts";
import { errorMessage } from "../../lib/error-messages.ts";
import { useSessionState } from "../../state/session.ts";
import { useMarketSession } from "../../state/topics.ts";
import { knownInstrument, useInstrumentReads, useInstrumentSearch } from "./market-api.ts";
import { isExtendedSession } from "./market-paths.ts";
import { OutOfHours } from "./out-of-hours.tsx";
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
  const query = path === "/market/market" ? new URLSearchParams(search) : undefined;
  const requested = query?.get("tab") ?? null;
  const requestedSession = query?.get("session") ?? null;
  // Home's pre-market and after-hours shortcuts: each market's session outside its regular hours
  // above the lists, Tokyo's names at their PTS prices while the PTS trades.
  const outOfHours = isExtendedSession(requestedSession) ? requestedSession : undefined;
  const ptsPhase = useMarketSession("JP")?.pts?.phase;
  const ptsTrading = ptsPhase === "day" || ptsPhase === "night";

  // A link such as the home screen's watchlist shortcut picks the tab (`?tab=watchlist`); a
  // shortcut to the sessions out of hours opens on Tokyo's list while the PTS trades.
  useEffect(() => {
    if (isMarketTab(requested)) setTab(requested);
    else if (outOfHours) setTab(ptsTrading ? "jp" : "us");
  }, [requested, outOfHours, ptsTrading]);

  function choose(value: MarketTab) {
    setTab(value);
    const query = new URLSearchParams({ tab: value, ...(outOfHours ? { session: outOfHours } : {}) });
    navigate(`/market/market?${query.toString()}`, { replace: true });
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
      <nav className="market-links" aria-label={t`More lists`}>
        <Link href="/market/stockHot/stockList" className="button button--outline button--small">
          <Trans>Hot lists</Trans>
        </Link>
        <Link href="/market/marketNew" className="button button--outline button--small">
          <Trans>New listings</Trans>
        </Link>
      </nav>
      {outOfHours && <OutOfHours asked={outOfHours} />}
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
          <MarketPanel market="JP" pts={outOfHours !== undefined && ptsTrading} />
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

/** A market's list; Tokyo's at the PTS's prices (`pts`) in the out-of-hours view while the PTS trades. */
function MarketPanel({ market, pts = false }: { market: Market; pts?: boolean }) {
  const list = useInstrumentSearch({ market, limit: 200 });
  return (
    <>
      <PanelBar>
        <SessionBadge market={market} named />
        {pts && (
          <span className="tag" data-testid="list-venue">
            <Trans>PTS prices</Trans>
          </span>
        )}
      </PanelBar>
      {list.status === "loading" && <QuoteListSkeleton />}
      {list.status === "error" && <LoadError error={list.error} />}
      {list.status === "ready" && <QuoteList items={list.value.items} pts={pts} />}
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
  const missing = [...new Set(symbols)].filter((symbol) => !knownInstrument(symbol));
  const reads = useInstrumentReads(missing);
  if (reads.some((read) => read.status === "loading")) return <QuoteListSkeleton />;
  const fetched = reads.flatMap((read) => (read.status === "ready" ? [read.value] : []));
  const items: InstrumentWithQuote[] = symbols.flatMap((symbol) => {
    const instrument = fetched.find((item) => item.symbol === symbol) ?? knownInstrument(symbol);
    return instrument ? [instrument] : [];
  });
  return <QuoteList items={items} />;
}
