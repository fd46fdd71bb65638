import { Tabs } from "@base-ui/react/tabs";
import type { Offering } from "@kabuto/shared/api/ipo";
import { ipoApi } from "@kabuto/shared/endpoints/ipo";
import { formatNumber } from "@kabuto/shared/format";
import { Trans } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { PageHeader } from "../../app/page-header.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { useNow } from "../../lib/use-now.ts";
import { useSessionState } from "../../state/session.ts";
import { LoadProblem, SignInNeeded } from "../identity/identity-parts.tsx";
import { localName } from "../market/instrument.ts";
import { Countdown, ipoClockMs, OddsText, PhaseTag, PriceText, Timeline } from "./ipo-parts.tsx";

const tabs = ["pending", "progress", "ended"] as const;
type Tab = (typeof tabs)[number];

function isTab(value: unknown): value is Tab {
  return (tabs as readonly unknown[]).includes(value);
}

export function subscribeDetailPath(id: string): string {
  return `/market/subscribeDetail?id=${encodeURIComponent(id)}`;
}

/**
 * `/market/subscribe`: new shares by tab (to be subscribed, in progress, ended), each with its
 * band or offer price, units, a small timeline, the live odds and a countdown.
 */
export function SubscribeScreen() {
  const session = useSessionState();
  return (
    <>
      <PageHeader
        back="/home/index"
        title={<Trans>New shares</Trans>}
        actions={
          session ? (
            <Link
              href="/market/subscribeRecord"
              className="button button--ghost button--small"
              data-testid="ipo-records-link"
            >
              <Trans context="header link">Records</Trans>
            </Link>
          ) : undefined
        }
      />
      {session ? <OfferingTabs /> : <SignInNeeded />}
    </>
  );
}

function OfferingTabs() {
  const [, navigate] = useLocation();
  const requested = new URLSearchParams(useSearch()).get("tab");
  const [tab, setTab] = useState<Tab>(isTab(requested) ? requested : "progress");
  const offerings = useEndpoint(ipoApi.offerings, { query: {} });
  useEffect(() => {
    if (isTab(requested)) setTab(requested);
  }, [requested]);
  const choose = (value: Tab) => {
    setTab(value);
    navigate(`/market/subscribe?tab=${value}`, { replace: true });
  };
  return (
    <Tabs.Root value={tab} onValueChange={(value) => isTab(value) && choose(value)}>
      <Tabs.List className="underline-tabs">
        <Tabs.Tab className="underline-tabs__tab" value="pending" data-testid="ipo-tab-pending">
          <Trans context="ipo tab">To be subscribed</Trans>
        </Tabs.Tab>
        <Tabs.Tab className="underline-tabs__tab" value="progress" data-testid="ipo-tab-progress">
          <Trans context="ipo tab">In progress</Trans>
        </Tabs.Tab>
        <Tabs.Tab className="underline-tabs__tab" value="ended" data-testid="ipo-tab-ended">
          <Trans context="ipo tab">Ended</Trans>
        </Tabs.Tab>
        <Tabs.Indicator className="underline-tabs__indicator" />
      </Tabs.List>
      {offerings.status === "loading" && <div className="panel" aria-busy="true" />}
      {offerings.status === "error" && <LoadProblem error={offerings.error} onRetry={offerings.reload} />}
      {offerings.status === "ready" && (
        <OfferingList offerings={offerings.value.items.filter((offering) => offering.tab === tab)} />
      )}
    </Tabs.Root>
  );
}

function OfferingList({ offerings }: { offerings: Offering[] }) {
  const now = useNow(ipoClockMs);
  if (offerings.length === 0) {
    return (
      <p className="empty" data-testid="ipo-empty">
        <Trans>No new shares here right now.</Trans>
      </p>
    );
  }
  return (
    <ul className="ipo-list" data-testid="ipo-list">
      {offerings.map((offering) => (
        <li key={offering.id}>
          <OfferingCard offering={offering} now={now} />
        </li>
      ))}
    </ul>
  );
}

function OfferingCard({ offering, now }: { offering: Offering; now: number }) {
  const locale = useLocale();
  const units = formatNumber(offering.unitsOffered, locale);
  return (
    <Link
      href={subscribeDetailPath(offering.id)}
      className="ipo-card"
      data-testid="ipo-card"
      data-code={offering.code}
      data-phase={offering.phase}
    >
      <span className="ipo-card__head">
        <span>
          <span className="ipo-card__name">{localName(offering.name, locale)}</span>{" "}
          <span className="ipo-card__code num">
            {offering.code} · {offering.market}
          </span>
        </span>
        <PhaseTag phase={offering.phase} />
      </span>
      <dl className="ipo-card__figures">
        <div>
          <dt>{offering.offerPrice === null ? <Trans>Price range</Trans> : <Trans>Offer price</Trans>}</dt>
          <dd>
            <PriceText offering={offering} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Units offered</Trans>
          </dt>
          <dd className="num">
            <Trans>
              {units} × {offering.unitShares} shares
            </Trans>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Odds</Trans>
          </dt>
          <dd>
            <OddsText offering={offering} />
          </dd>
        </div>
      </dl>
      <Timeline offering={offering} now={now} />
      <Countdown offering={offering} />
    </Link>
  );
}
