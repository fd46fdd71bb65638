import type { BlockApplication } from "@kabuto/shared/api/block";
import { blockApi } from "@kabuto/shared/endpoints/block";
import { formatDateTime, formatMoney, formatNumber, formatPrice } from "@kabuto/shared/format";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link } from "wouter";
import { useLocale } from "../../i18n/use-locale.ts";
import { call } from "../../lib/api.ts";
import { IntentKeys } from "../../lib/intent-key.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { LoadProblem } from "../identity/identity-parts.tsx";
import { localName } from "../market/instrument.ts";
import { useInstruments } from "../market/use-instruments.ts";
import { lockEndText } from "../trading/lock-up.ts";
import "../identity/identity.css";
import "../wallet/wallet.css";
import "../ipo/ipo.css";
import "./block.css";

const stateLabels = {
  pending: msg({ message: "Pending review", context: "block state" }),
  passed: msg({ message: "Passed", context: "block state" }),
  rejected: msg({ message: "Rejected", context: "block state" }),
  withdrawn: msg({ message: "Withdrawn", context: "block state" }),
} as const;

/** The status tag's tone: the loans' and deposits' colours. */
function tone(state: BlockApplication["state"]): "pending" | "approved" | "rejected" {
  if (state === "passed") return "approved";
  return state === "pending" ? "pending" : "rejected";
}

/**
 * The Positions screen's bidding tab (negotiated bids) and auction tab (offering applications):
 * each application's price, shares, turnover (what it held) and state, with the desk's reason or
 * the draw's outcome, and a withdrawal while pending.
 */
/** The Transaction screen's bidding tab: the member's negotiated bids. */
export function BiddingPanel() {
  return <BlockRecordsPanel kind="bid" />;
}

/** The Transaction screen's auction tab: the member's applications to block offerings. */
export function AuctionPanel() {
  return <BlockRecordsPanel kind="offering" />;
}

export function BlockRecordsPanel({ kind }: { kind: BlockApplication["kind"] }) {
  const records = useEndpoint(blockApi.applications, { query: { kind } });
  const names = useInstruments(
    records.status === "ready" ? records.value.items.map((row) => row.symbol) : [],
  );
  const locale = useLocale();
  if (records.status === "loading") return <div className="panel" aria-busy="true" />;
  if (records.status === "error") return <LoadProblem error={records.error} onRetry={records.reload} />;
  if (records.value.items.length === 0) {
    return (
      <div className="empty" data-testid={`block-${kind}-empty`}>
        <p>
          {kind === "bid" ? (
            <Trans>No negotiated bids yet.</Trans>
          ) : (
            <Trans>No block offering applications yet.</Trans>
          )}
        </p>
        <Link href="/market/block" className="button button--outline">
          <Trans>See block trades</Trans>
        </Link>
      </div>
    );
  }
  return (
    <ul className="request-list block-records" data-testid={`block-${kind}-list`}>
      {records.value.items.map((record) => {
        const instrument = names.get(record.symbol);
        return (
          <li key={record.id}>
            <Record record={record} name={instrument ? localName(instrument.name, locale) : record.symbol} />
          </li>
        );
      })}
    </ul>
  );
}

function Record({ record, name }: { record: BlockApplication; name: string }) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const [keys] = useState(() => new IntentKeys());
  const [busy, setBusy] = useState(false);
  const count = (value: number) => formatNumber(value, locale);
  async function withdraw() {
    setBusy(true);
    try {
      // The withdrawal makes the applications stale: the list reads them again.
      await call(
        blockApi.withdraw,
        { params: { id: record.id } },
        { idempotencyKey: keys.keyFor(record.id) },
      );
      keys.settle();
      notifySuccess(t`Withdrawn: the money is back in your available cash`);
    } catch (error) {
      keys.settle(error);
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="request-row" data-testid="block-record" data-state={record.state}>
      <div className="request-row__main">
        <span>
          <span className="ipo-card__name">{name}</span>{" "}
          <span className="ipo-card__code num">{record.symbol}</span>
          {record.side === "sell" && (
            <span className="ipo-card__code" data-testid="block-record-sell">
              {" · "}
              <Trans context="block side">Sell</Trans>
            </span>
          )}
        </span>
        <span className="status-tag" data-status={tone(record.state)} data-testid="block-record-state">
          {i18n._(stateLabels[record.state])}
        </span>
      </div>
      <dl className="ipo-card__figures">
        <div>
          <dt>
            <Trans context="block trade">Price</Trans>
          </dt>
          <dd className="num">{formatPrice(record.price, locale)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Shares</Trans>
          </dt>
          <dd className="num">
            {record.state === "passed" && record.sharesFilled !== record.shares
              ? `${count(record.sharesFilled)} / ${count(record.shares)}`
              : count(record.shares)}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Turnover</Trans>
          </dt>
          <dd className="num">{formatMoney(record.held, record.currency, locale)}</dd>
        </div>
      </dl>
      <div className="request-row__details">
        <span className="num">
          {formatDateTime(record.createdAtMs, locale, "Asia/Tokyo", { seconds: false })}
        </span>
      </div>
      {record.state === "rejected" && record.reason && (
        <p className="request-row__reason" data-testid="block-record-reason">
          <Trans>Reason: {record.reason}</Trans>
        </p>
      )}
      {record.state === "rejected" && !record.reason && record.kind === "offering" && (
        <p className="request-row__reason">
          <Trans>Not drawn in the lottery; everything held was released.</Trans>
        </p>
      )}
      {record.state === "passed" && record.lockedUntilMs !== null && (
        <p className="request-row__reason">
          <Trans>Locked up until {lockEndText(record.lockedUntilMs, locale)}</Trans>
        </p>
      )}
      {record.state === "pending" && (
        <button
          type="button"
          className="button button--outline button--small"
          onClick={withdraw}
          disabled={busy}
          data-testid="block-withdraw"
        >
          <Trans context="block application">Withdraw</Trans>
        </button>
      )}
    </div>
  );
}
