import { Tabs } from "@base-ui/react/tabs";
import type { HotList } from "@kabuto/shared/api/market";
import { formatAmount, formatVolume } from "@kabuto/shared/format";
import { type HotListKind, hotListKinds } from "@kabuto/shared/market/hot-lists";
import type { Venue } from "@kabuto/shared/market/venues";
import { type Market, marketCurrency, markets } from "@kabuto/shared/symbols";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { ChoiceChips } from "../../app/choice-chips.tsx";
import { PageHeader } from "../../app/page-header.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { errorCode } from "../../lib/api-error.ts";
import { errorMessage } from "../../lib/error-messages.ts";
import { fetchHotList } from "./market-api.ts";
import { QuoteList, QuoteListSkeleton } from "./quote-list.tsx";
import { SessionBadge } from "./session-badge.tsx";
import "./market.css";

/**
 * How often a shown list is ranked again. Its rows' prices are live over the socket already;
 * re-ranking every ten seconds lets names climb and drop without the list jumping under a
 * finger, and costs one small request per screen.
 */
export const hotListRefreshMs = 10_000;

function isMarket(value: string | null): value is Market {
  return (markets as readonly (string | null)[]).includes(value);
}

function isKind(value: string | null): value is HotListKind {
  return (hotListKinds as readonly (string | null)[]).includes(value);
}

/**
 * `#/market/stockHot/stockList?market=US&kind=losers`: a market's hot lists, live. Tokyo's can
 * rank at the PTS (`venue=pts`): the night's movers against their base price.
 */
export function HotScreen() {
  const { t } = useLingui();
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const requestedMarket = params.get("market");
  const requestedKind = params.get("kind");
  const market: Market = isMarket(requestedMarket) ? requestedMarket : "JP";
  const kind: HotListKind = isKind(requestedKind) ? requestedKind : "gainers";
  const venue: Venue = market === "JP" && params.get("venue") === "pts" ? "pts" : "tse";

  function choose(next: { market?: Market; kind?: HotListKind; venue?: Venue }) {
    const query = new URLSearchParams({ market: next.market ?? market, kind: next.kind ?? kind });
    const nextVenue = next.venue ?? (next.market === undefined ? venue : "tse");
    if (nextVenue === "pts") query.set("venue", "pts");
    navigate(`/market/stockHot/stockList?${query.toString()}`, { replace: true });
  }

  const kinds: Record<HotListKind, string> = {
    gainers: t({ message: "Gainers", context: "hot list" }),
    losers: t({ message: "Losers", context: "hot list" }),
    volume: t({ message: "Volume", context: "hot list" }),
    turnover: t({ message: "Turnover", context: "hot list" }),
  };

  return (
    <>
      <PageHeader back="/market/market" title={<Trans>Hot lists</Trans>} />
      <Tabs.Root value={market} onValueChange={(value) => isMarket(value) && choose({ market: value })}>
        <Tabs.List className="underline-tabs market-tabs">
          <Tabs.Tab className="underline-tabs__tab" value="JP">
            <Trans>Japanese stocks</Trans>
          </Tabs.Tab>
          <Tabs.Tab className="underline-tabs__tab" value="US">
            <Trans>US stocks</Trans>
          </Tabs.Tab>
          <Tabs.Indicator className="underline-tabs__indicator" />
        </Tabs.List>
      </Tabs.Root>
      <div className="hot-kinds">
        <ChoiceChips
          name="hot-kind"
          legend={<Trans>List</Trans>}
          legendHidden
          look="chips"
          value={kind}
          choices={hotListKinds.map((value) => ({ value, label: kinds[value] }))}
          onChange={(value) => choose({ kind: value })}
        />
        {market === "JP" && (
          <ChoiceChips
            name="hot-venue"
            legend={<Trans>Venue</Trans>}
            legendHidden
            look="chips"
            value={venue}
            choices={[
              { value: "tse", label: <Trans context="venue">TSE</Trans> },
              { value: "pts", label: <Trans context="venue">PTS</Trans> },
            ]}
            onChange={(value) => choose({ venue: value })}
          />
        )}
      </div>
      <HotRanking key={`${market} ${kind} ${venue}`} market={market} kind={kind} venue={venue} />
    </>
  );
}

/** One list, ranked again every `hotListRefreshMs` while it is shown. */
function HotRanking({ market, kind, venue }: { market: Market; kind: HotListKind; venue: Venue }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const [list, setList] = useState<HotList>();
  const [error, setError] = useState<unknown>();

  useEffect(() => {
    let current = true;
    const load = () =>
      fetchHotList(market, kind, venue).then(
        (value) => {
          if (!current) return;
          setList(value);
          setError(undefined);
        },
        (reason: unknown) => current && setError(reason),
      );
    void load();
    const timer = setInterval(load, hotListRefreshMs);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [market, kind, venue]);

  const rankedAt = list
    ? new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", second: "2-digit" }).format(
        list.rankedAtMs,
      )
    : undefined;

  return (
    <section data-testid="hot-list" data-kind={kind} data-market={market} data-venue={venue}>
      <div className="panel-bar">
        <SessionBadge market={market} named />
        {rankedAt && (
          <span className="panel-bar__note">
            <Trans>Ranked at {rankedAt}</Trans>
          </span>
        )}
      </div>
      {list === undefined && error !== undefined && (
        <p className="empty" role="alert">
          {errorMessage(i18n, errorCode(error))}
        </p>
      )}
      {list === undefined && error === undefined && <QuoteListSkeleton />}
      {list !== undefined && list.items.length === 0 && (
        <p className="empty">
          {kind === "gainers" && <Trans>No stock is up on the day yet.</Trans>}
          {kind === "losers" && <Trans>No stock is down on the day yet.</Trans>}
          {(kind === "volume" || kind === "turnover") && <Trans>Nothing has traded yet today.</Trans>}
        </p>
      )}
      {list !== undefined && list.items.length > 0 && (
        <QuoteList
          items={list.items}
          pts={venue === "pts"}
          noteOf={(item) => {
            if (!item.quote) return undefined;
            if (kind === "volume") {
              const shares = formatVolume(item.quote.volume, locale);
              return <Trans>Vol. {shares}</Trans>;
            }
            if (kind === "turnover") {
              const value = formatAmount(item.quote.turnover, marketCurrency[market], locale, {
                compact: true,
              });
              return <Trans>Value {value}</Trans>;
            }
            return undefined;
          }}
        />
      )}
    </section>
  );
}
