import type { Subscription } from "@kabuto/shared/api/ipo";
import type { Position } from "@kabuto/shared/api/trading";
import { ipoApi } from "@kabuto/shared/endpoints/ipo";
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatUnitPrice,
} from "@kabuto/shared/format";
import { marketZone } from "@kabuto/shared/symbols";
import { Trans } from "@lingui/react/macro";
import { Link } from "wouter";
import { useLocale } from "../../i18n/use-locale.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { useNow } from "../../lib/use-now.ts";
import { LoadProblem } from "../identity/identity-parts.tsx";
import { localName } from "../market/instrument.ts";
import { positionDetailPath } from "../trading/paths.ts";
import { useHoldingPositions } from "../trading/trading-store.ts";
import { ipoClockMs, useDuration } from "./ipo-parts.tsx";

/**
 * The Positions screen's placement tab (`/position/position?tab=placement`): shares allotted from
 * new shares, each with its offer price and, while locked up, when it may be sold.
 */
export function PlacementPanel() {
  const records = useEndpoint(ipoApi.subscriptions, {});
  const holding = useHoldingPositions();
  if (records.status === "loading") return <div className="panel" aria-busy="true" />;
  if (records.status === "error") return <LoadProblem error={records.error} onRetry={records.reload} />;
  const allotted = records.value.items.filter(
    (record) => record.state === "allotted" && record.positionId !== null,
  );
  if (allotted.length === 0) {
    return (
      <div className="empty" data-testid="placement-empty">
        <p>
          <Trans>No placements yet. Shares you are allotted from new shares appear here.</Trans>
        </p>
        <Link href="/market/subscribe" className="button button--outline">
          <Trans>See new shares</Trans>
        </Link>
      </div>
    );
  }
  const positions = new Map((holding.value ?? []).map((position) => [position.id, position]));
  return (
    <ul className="ipo-list" data-testid="placements">
      {allotted.map((record) => (
        <li key={record.id}>
          <Placement record={record} position={positions.get(record.positionId ?? "")} />
        </li>
      ))}
    </ul>
  );
}

function Placement({ record, position }: { record: Subscription; position: Position | undefined }) {
  const locale = useLocale();
  const now = useNow(ipoClockMs);
  const duration = useDuration();
  const until = position?.lockedUntilMs ?? null;
  const locked = until !== null && until > now;
  const zone = marketZone[record.market];
  // A lock-up ending within the day (the demo time scale's, or any on its last day) shows its time.
  const sellable =
    until === null
      ? ""
      : until - now < 86_400_000
        ? formatDateTime(until, locale, zone, { seconds: false })
        : formatDate(until, locale, zone);
  const left = until === null ? "" : duration(until - now);
  const body = (
    <>
      <span className="ipo-card__head">
        <span>
          <span className="ipo-card__name">{localName(record.name, locale)}</span>{" "}
          <span className="ipo-card__code num">{record.code}</span>
        </span>
        <span className="ipo-phase" data-testid="placement-lock" data-locked={locked}>
          {position === undefined ? (
            <Trans>Sold</Trans>
          ) : locked ? (
            <Trans>Locked up</Trans>
          ) : (
            <Trans>Free to sell</Trans>
          )}
        </span>
      </span>
      <dl className="ipo-card__figures">
        <div>
          <dt>
            <Trans>Shares</Trans>
          </dt>
          <dd className="num">{position ? formatNumber(position.quantity, locale) : "—"}</dd>
        </div>
        <div>
          <dt>
            <Trans>Offer price</Trans>
          </dt>
          <dd className="num">
            {position ? formatUnitPrice(position.openPrice, record.currency, locale) : "—"}
          </dd>
        </div>
        <div>
          <dt>
            <Trans context="amount paid">Paid</Trans>
          </dt>
          <dd className="num">
            {record.amountPaid ? formatMoney(record.amountPaid, record.currency, locale) : "—"}
          </dd>
        </div>
      </dl>
      {locked && until !== null && (
        <span className="ipo-countdown" data-testid="placement-unlock">
          <Trans>
            Sellable from {sellable} (in {left})
          </Trans>
        </span>
      )}
    </>
  );
  return position ? (
    <Link href={positionDetailPath(position.id)} className="ipo-card" data-testid="placement">
      {body}
    </Link>
  ) : (
    <div className="ipo-card" data-testid="placement">
      {body}
    </div>
  );
}
