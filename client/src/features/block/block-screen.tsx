import type { BlockCatalog, BlockInstrument, BlockOffering } from "@kabuto/shared/api/block";
import { blockApi } from "@kabuto/shared/endpoints/block";
import { formatDateTime, formatMoney, formatNumber, formatPrice } from "@kabuto/shared/format";
import { Trans } from "@lingui/react/macro";
import { Link } from "wouter";
import { PageHeader } from "../../app/page-header.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { useSessionState } from "../../state/session.ts";
import { LoadProblem, Notice, SignInNeeded } from "../identity/identity-parts.tsx";
import { localName } from "../market/instrument.ts";
import { useInstruments } from "../market/use-instruments.ts";
import "../identity/identity.css";
import "../wallet/wallet.css";
import "../ipo/ipo.css";
import "./block.css";

const tokyo = "Asia/Tokyo";

/** Where a block application's form lives: an offering by id, a negotiated bid by symbol. */
export function blockApplyPath(target: { offering: string } | { symbol: string }): string {
  return "offering" in target
    ? `/market/blockApply?offering=${encodeURIComponent(target.offering)}`
    : `/market/blockApply?symbol=${encodeURIComponent(target.symbol)}`;
}

/**
 * `/market/block`: the block-trade list. Offerings (a block at a fixed price, drawn by lottery
 * when oversubscribed) and the stocks open to negotiated bids with their allowed price band; the
 * member's daily purchase limit and whether the desk is open.
 */
export function BlockScreen() {
  const session = useSessionState();
  return (
    <>
      <PageHeader
        back="/home/index"
        title={<Trans>Block trades</Trans>}
        actions={
          session ? (
            <Link
              href="/position/position?tab=bidding"
              className="button button--ghost button--small"
              data-testid="block-records-link"
            >
              <Trans context="header link">Applications</Trans>
            </Link>
          ) : undefined
        }
      />
      {session ? <BlockLists /> : <SignInNeeded />}
    </>
  );
}

function BlockLists() {
  const catalog = useEndpoint(blockApi.catalog, {});
  if (catalog.status === "loading") return <div className="panel" aria-busy="true" />;
  if (catalog.status === "error") return <LoadProblem error={catalog.error} onRetry={catalog.reload} />;
  return <BlockListsOf catalog={catalog.value} />;
}

function BlockListsOf({ catalog }: { catalog: BlockCatalog }) {
  const locale = useLocale();
  const names = useInstruments([
    ...catalog.offerings.map((offering) => offering.symbol),
    ...catalog.instruments.map((instrument) => instrument.symbol),
  ]);
  const nameOf = (symbol: string) => {
    const instrument = names.get(symbol);
    return instrument ? localName(instrument.name, locale) : symbol;
  };
  const yen = catalog.daily.find((row) => row.currency === "JPY");
  return (
    <>
      {!catalog.deskOpen && (
        <Notice tone="warn" testId="block-closed">
          <Trans>
            The block desk is closed now. It takes applications on business days, {catalog.hours} Tokyo time.
          </Trans>
        </Notice>
      )}
      {yen && (
        <p className="block-limit" data-testid="block-daily">
          <Trans>
            Today's purchase limit: {formatMoney(yen.limit, "JPY", locale)}, used{" "}
            {formatMoney(yen.used, "JPY", locale)}
          </Trans>
        </p>
      )}
      <h2 className="section-title block-section">
        <Trans>Block offerings</Trans>
      </h2>
      {catalog.offerings.length === 0 ? (
        <p className="empty">
          <Trans>No block offerings right now.</Trans>
        </p>
      ) : (
        <ul className="ipo-list" data-testid="block-offerings">
          {catalog.offerings.map((offering) => (
            <li key={offering.id}>
              <OfferingCard offering={offering} name={nameOf(offering.symbol)} />
            </li>
          ))}
        </ul>
      )}
      <h2 className="section-title block-section">
        <Trans>Negotiated bids</Trans>
      </h2>
      {catalog.instruments.length === 0 ? (
        <p className="empty">
          <Trans>No stocks are open to negotiated bids right now.</Trans>
        </p>
      ) : (
        <ul className="ipo-list" data-testid="block-instruments">
          {catalog.instruments.map((instrument) => (
            <li key={instrument.symbol}>
              <InstrumentCard instrument={instrument} name={nameOf(instrument.symbol)} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function OfferingCard({ offering, name }: { offering: BlockOffering; name: string }) {
  const locale = useLocale();
  const count = (value: number) => formatNumber(value, locale);
  const body = (
    <>
      <span className="ipo-card__head">
        <span>
          <span className="ipo-card__name">{name}</span>{" "}
          <span className="ipo-card__code num">{offering.symbol}</span>
        </span>
        <span className="ipo-phase" data-phase={offering.phase}>
          <OfferingPhaseText phase={offering.phase} />
        </span>
      </span>
      <dl className="ipo-card__figures">
        <div>
          <dt>
            <Trans context="block trade">Price</Trans>
          </dt>
          <dd className="num">{formatPrice(offering.price, locale)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Block</Trans>
          </dt>
          <dd className="num">
            <Trans>{count(offering.sharesOffered)} shares</Trans>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Per member</Trans>
          </dt>
          <dd className="num">
            {count(offering.minShares)}–{count(offering.maxShares)}
          </dd>
        </div>
      </dl>
      <p className="block-card__line">
        <Trans>
          Applications until {formatDateTime(offering.closesAtMs, locale, tokyo, { seconds: false })}
        </Trans>
        {offering.lockupDays > 0 && (
          <>
            {" · "}
            <Trans>Lock-up {offering.lockupDays} days</Trans>
          </>
        )}
      </p>
    </>
  );
  if (offering.phase !== "open") {
    return (
      <div className="ipo-card" data-testid="block-offering" data-phase={offering.phase}>
        {body}
      </div>
    );
  }
  return (
    <Link
      href={blockApplyPath({ offering: offering.id })}
      className="ipo-card"
      data-testid="block-offering"
      data-phase={offering.phase}
    >
      {body}
    </Link>
  );
}

export function OfferingPhaseText({ phase }: { phase: BlockOffering["phase"] }) {
  switch (phase) {
    case "scheduled":
      return <Trans context="block offering">Scheduled</Trans>;
    case "open":
      return <Trans context="block offering">Taking applications</Trans>;
    case "closed":
      return <Trans context="block offering">Awaiting the draw</Trans>;
    case "allotted":
      return <Trans context="block offering">Allotted</Trans>;
  }
}

function InstrumentCard({ instrument, name }: { instrument: BlockInstrument; name: string }) {
  const locale = useLocale();
  const count = (value: number) => formatNumber(value, locale);
  return (
    <Link
      href={blockApplyPath({ symbol: instrument.symbol })}
      className="ipo-card"
      data-testid="block-instrument"
      data-symbol={instrument.symbol}
    >
      <span className="ipo-card__head">
        <span>
          <span className="ipo-card__name">{name}</span>{" "}
          <span className="ipo-card__code num">{instrument.symbol}</span>
        </span>
      </span>
      <dl className="ipo-card__figures">
        <div>
          <dt>
            <Trans>Last trade</Trans>
          </dt>
          <dd className="num">{instrument.last ? formatPrice(instrument.last, locale) : "—"}</dd>
        </div>
        <div>
          <dt>
            <Trans>Allowed prices</Trans>
          </dt>
          <dd className="num">
            {instrument.band
              ? `${formatPrice(instrument.band.low, locale)}–${formatPrice(instrument.band.high, locale)}`
              : "—"}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Shares</Trans>
          </dt>
          <dd className="num">
            {count(instrument.minShares)}–{count(instrument.maxShares)}
          </dd>
        </div>
      </dl>
    </Link>
  );
}
