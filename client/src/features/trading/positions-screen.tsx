import { Tabs } from "@base-ui/react/tabs";
import type { InstrumentWithQuote } from "@kabuto/shared/api/market";
import type { Order, Position } from "@kabuto/shared/api/trading";
import { tradingApi } from "@kabuto/shared/endpoints/trading";
import { formatClock, formatDate, formatIsoDate, formatMoney, formatPrice } from "@kabuto/shared/format";
import { attachedKind } from "@kabuto/shared/trading/attached";
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { partsOf } from "../../app/feature.ts";
import { features } from "../../app/features.ts";
import { PageHeader } from "../../app/page-header.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { call } from "../../lib/api.ts";
import { errorCode } from "../../lib/api-error.ts";
import { errorMessage } from "../../lib/error-messages.ts";
import { IntentKeys } from "../../lib/intent-key.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { afterOwnAction, useAccountFeedStatus } from "../../state/account-feed.ts";
import { useSessionState } from "../../state/session.ts";
import { detailPath, priceDigits, symbolZone } from "../market/instrument.ts";
import { useInstruments } from "../market/use-instruments.ts";
import { formatSignedMoney, SideBadge, toneOf } from "./figures.tsx";
import { HoldingSummary } from "./holding-summary.tsx";
import { positionDetailPath } from "./paths.ts";
import { shownLeverage } from "./pnl.ts";
import {
  ConditionName,
  Figure,
  InstrumentName,
  LockUpTag,
  lotSizeOf,
  OpenPositionSummary,
  QuantityText,
  useLockEnd,
} from "./position-parts.tsx";
import { StopHoldNote } from "./stop-hold.tsx";
import {
  applyOrder,
  type Loaded,
  useClosedPositions,
  useHoldingPositions,
  usePendingOrders,
} from "./trading-store.ts";
import "./trading.css";

/** The dialog library loads when a member first asks to cancel an order, not with the list. */
const ConfirmDialog = lazy(() =>
  import("../../app/confirm-dialog.tsx").then((m) => ({ default: m.ConfirmDialog })),
);

/**
 * The Transaction tab (`/position/position`): positions in progress, pending limit orders and
 * ended positions, then the tabs other products add (placements of new shares, block-trade
 * bidding and auction, positions copied from lead traders), each loading its code when chosen.
 */
const ownTabs = ["holding", "pending", "closed"] as const;
const featureTabs = partsOf(features, "positionTabs");
const tabIds: readonly string[] = [...ownTabs, ...featureTabs.map((tab) => tab.id)];

function isPositionTab(value: unknown): value is string {
  return typeof value === "string" && tabIds.includes(value);
}

export function PositionsScreen() {
  const session = useSessionState();
  return (
    <>
      <PageHeader title={<Trans context="positions screen">Positions</Trans>} />
      {session ? <PositionTabs /> : <SignedOut />}
    </>
  );
}

function SignedOut() {
  return (
    <div className="empty">
      <p>
        <Trans>Sign in to trade and see your positions.</Trans>
      </p>
      <Link href="/login/login" className="button button--primary">
        <Trans>Sign in</Trans>
      </Link>
    </div>
  );
}

function PositionTabs() {
  const { i18n } = useLingui();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const requested = path === "/position/position" ? new URLSearchParams(search).get("tab") : null;
  const [tab, setTab] = useState<string>(isPositionTab(requested) ? requested : "holding");
  const feed = useAccountFeedStatus();

  useEffect(() => {
    if (isPositionTab(requested)) setTab(requested);
  }, [requested]);

  // The row scrolls sideways on a phone: keep the chosen tab in sight (e.g. `?tab=follow`).
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const active = list.current?.querySelector<HTMLElement>(`[data-value='${tab}']`);
    const row = list.current;
    if (!active || !row) return;
    if (
      active.offsetLeft < row.scrollLeft ||
      active.offsetLeft + active.offsetWidth > row.scrollLeft + row.clientWidth
    )
      row.scrollLeft = active.offsetLeft - (row.clientWidth - active.offsetWidth) / 2;
  }, [tab]);

  function choose(value: string) {
    setTab(value);
    navigate(`/position/position?tab=${value}`, { replace: true });
  }

  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => isPositionTab(value) && choose(value)}
      data-account-feed={feed}
    >
      <Tabs.List ref={list} className="underline-tabs position-tabs">
        <Tabs.Tab className="underline-tabs__tab" value="holding" data-value="holding">
          <Trans context="position tab">In progress</Trans>
        </Tabs.Tab>
        <Tabs.Tab className="underline-tabs__tab" value="pending" data-value="pending">
          <Trans>Pending orders</Trans>
        </Tabs.Tab>
        <Tabs.Tab className="underline-tabs__tab" value="closed" data-value="closed">
          <Trans context="position tab">Ended</Trans>
        </Tabs.Tab>
        {featureTabs.map((each) => (
          <Tabs.Tab
            key={each.id}
            className="underline-tabs__tab"
            value={each.id}
            data-value={each.id}
            data-testid={each.testId}
          >
            {i18n._(each.label)}
          </Tabs.Tab>
        ))}
        <Tabs.Indicator className="underline-tabs__indicator" />
      </Tabs.List>
      <Tabs.Panel value="holding">{tab === "holding" && <HoldingPanel />}</Tabs.Panel>
      <Tabs.Panel value="pending">{tab === "pending" && <PendingPanel />}</Tabs.Panel>
      <Tabs.Panel value="closed">{tab === "closed" && <ClosedPanel />}</Tabs.Panel>
      {featureTabs.map((each) => (
        <Tabs.Panel key={each.id} value={each.id}>
          {tab === each.id && (
            <Suspense fallback={<ListSkeleton />}>
              <each.panel />
            </Suspense>
          )}
        </Tabs.Panel>
      ))}
    </Tabs.Root>
  );
}

function ListState<T>({
  loaded,
  empty,
  children,
}: {
  loaded: Loaded<T[]>;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  const { i18n } = useLingui();
  if (loaded.value === undefined) {
    if (loaded.error !== undefined)
      return (
        <p className="empty" role="alert">
          {errorMessage(i18n, errorCode(loaded.error))}
        </p>
      );
    return <ListSkeleton />;
  }
  if (loaded.value.length === 0) return <div className="empty">{empty}</div>;
  return <ul className="trade-list">{children(loaded.value)}</ul>;
}

function ListSkeleton() {
  return (
    <ul className="trade-list" aria-busy="true">
      {[0, 1, 2].map((index) => (
        <li key={index} className="trade-row trade-row--placeholder">
          <span className="skeleton" style={{ width: "40%" }} />
          <span className="skeleton" style={{ width: "70%" }} />
        </li>
      ))}
    </ul>
  );
}

function MarketLink() {
  return (
    <Link href="/market/market" className="button button--outline">
      <Trans>Find stocks</Trans>
    </Link>
  );
}

function HoldingPanel() {
  const holding = useHoldingPositions();
  const instruments = useInstruments(holding.value?.map((position) => position.symbol) ?? []);
  return (
    <>
      <HoldingSummary />
      <ListState
        loaded={holding}
        empty={
          <>
            <p>
              <Trans>No positions in progress. Open one from a stock's page.</Trans>
            </p>
            <MarketLink />
          </>
        }
      >
        {(items) =>
          items.map((position) => (
            <HoldingRow key={position.id} position={position} instrument={instruments.get(position.symbol)} />
          ))
        }
      </ListState>
    </>
  );
}

function HoldingRow({
  position,
  instrument,
}: {
  position: Position;
  instrument: InstrumentWithQuote | undefined;
}) {
  const lockEnd = useLockEnd(position);
  return (
    <li>
      <Link
        href={positionDetailPath(position.id)}
        className="trade-row"
        data-testid="holding-row"
        data-position={position.id}
        data-symbol={position.symbol}
      >
        <OpenPositionSummary
          position={position}
          instrument={instrument}
          pnlTestId="holding-pnl"
          lastTestId="holding-last"
        />
        {lockEnd !== undefined && (
          <p className="trade-row__time">
            <LockUpTag until={lockEnd} testId="holding-lock" />
          </p>
        )}
      </Link>
    </li>
  );
}

function PendingPanel() {
  const pending = usePendingOrders();
  const instruments = useInstruments(pending.value?.map((order) => order.symbol) ?? []);
  return (
    <ListState
      loaded={pending}
      empty={
        <p>
          <Trans>
            No pending orders. Limit orders wait here until the market reaches their price, stop orders until
            the last price reaches their trigger.
          </Trans>
        </p>
      }
    >
      {(items) =>
        items.map((order) => (
          <PendingRow key={order.id} order={order} instrument={instruments.get(order.symbol)} />
        ))
      }
    </ListState>
  );
}

function PendingRow({ order, instrument }: { order: Order; instrument: InstrumentWithQuote | undefined }) {
  const { t } = useLingui();
  const locale = useLocale();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [keys] = useState(() => new IntentKeys());
  const digits = priceDigits(order.symbol, instrument?.tickTable, order.limitPrice ?? undefined);
  const zone = symbolZone(order.symbol);

  async function cancel() {
    setBusy(true);
    try {
      const cancelled = await call(
        tradingApi.cancelOrder,
        { params: { id: order.id } },
        { idempotencyKey: keys.keyFor(order.id) },
      );
      keys.settle();
      applyOrder(cancelled);
      afterOwnAction();
      setConfirming(false);
      notifySuccess(t`Order cancelled`);
    } catch (error) {
      keys.settle(error);
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="trade-row" data-testid="pending-row" data-order={order.id}>
      <span className="trade-row__head">
        <Link href={detailPath(order.symbol)} className="trade-row__name">
          <InstrumentName symbol={order.symbol} instrument={instrument} />
        </Link>
        <SideBadge side={order.side} leverage={order.leverage} />
        {order.venue === "pts" && (
          <span className="tag" data-testid="pending-venue-tag">
            <Trans context="venue">PTS</Trans>
          </span>
        )}
        {order.condition !== null && (
          <span className="tag" data-testid="pending-condition-tag">
            <ConditionName condition={order.condition} />
          </span>
        )}
        {order.session === "extended" && (
          <span className="tag">
            <Trans>Pre · after-hours</Trans>
          </span>
        )}
        {order.triggerPrice !== null && (
          <span className="tag" data-testid="pending-stop-tag">
            {order.closesPositionId !== null ? (
              <Trans>Stop · close</Trans>
            ) : order.type === "stop_limit" ? (
              <Trans context="order type">Stop-limit</Trans>
            ) : (
              <Trans context="order type">Stop</Trans>
            )}
          </span>
        )}
        {order.ifd !== null && (
          <span className="tag" data-testid="pending-ifd-tag">
            {attachedKind(order.ifd)}
          </span>
        )}
        {order.triggeredAtMs !== null && (
          <span className="tag">
            <Trans context="stop order">Triggered</Trans>
          </span>
        )}
        {order.stopHold !== null && (
          <span className="tag" data-testid="pending-held-tag">
            <Trans context="stop order">Held</Trans>
          </span>
        )}
        <span className="trade-row__end">
          <button
            type="button"
            className="button button--small button--outline"
            onClick={() => setConfirming(true)}
          >
            <Trans>Cancel order</Trans>
          </button>
        </span>
      </span>
      <dl className="trade-row__figures">
        {order.triggerPrice !== null && (
          <Figure label={<Trans>Trigger price</Trans>}>
            <span data-testid="pending-trigger">
              {formatPrice(order.triggerPrice, locale, { fractionDigits: digits })}
            </span>
          </Figure>
        )}
        <Figure label={<Trans>Limit price</Trans>}>
          {order.limitPrice ? formatPrice(order.limitPrice, locale, { fractionDigits: digits }) : "—"}
        </Figure>
        <Figure label={<Trans>Quantity</Trans>}>
          <QuantityText shares={order.quantity} lotSize={lotSizeOf(order.symbol, instrument)} />
        </Figure>
        <Figure label={<Trans context="order hold">Held</Trans>}>
          {formatMoney(order.held, order.currency, locale)}
        </Figure>
        {/* A PTS order lapses when its session ends; its date is the business day its trade counts for. */}
        {order.venue === "pts" ? (
          <Figure label={<Trans>Valid until</Trans>}>
            <span data-testid="pending-valid-until">
              <Trans>The end of this PTS session</Trans>
            </span>
          </Figure>
        ) : (
          order.validDate !== null && (
            <Figure label={<Trans>Valid until</Trans>}>
              <span data-testid="pending-valid-until">{formatIsoDate(order.validDate, locale)}</span>
            </Figure>
          )
        )}
      </dl>
      <StopHoldNote order={order} testId="pending-hold" />
      <p className="trade-row__time num">
        {formatDate(order.createdAtMs, locale, zone)} {formatClock(order.createdAtMs, locale, zone)}
      </p>
      {confirming && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={<Trans>Cancel this order?</Trans>}
            confirmLabel={<Trans>Cancel order</Trans>}
            onConfirm={cancel}
            busy={busy}
            testId="cancel-dialog"
          >
            {/* An order that closes a position holds nothing: there is nothing to return. */}
            {order.held !== "0" && (
              <p>
                <Trans>
                  The held {formatMoney(order.held, order.currency, locale)} returns to your available cash.
                </Trans>
              </p>
            )}
          </ConfirmDialog>
        </Suspense>
      )}
    </li>
  );
}

function ClosedPanel() {
  const closed = useClosedPositions();
  const instruments = useInstruments(closed.value?.map((position) => position.symbol) ?? []);
  return (
    <ListState
      loaded={closed}
      empty={
        <p>
          <Trans>No ended positions yet.</Trans>
        </p>
      }
    >
      {(items) =>
        items.map((position) => (
          <ClosedRow key={position.id} position={position} instrument={instruments.get(position.symbol)} />
        ))
      }
    </ListState>
  );
}

function ClosedRow({
  position,
  instrument,
}: {
  position: Position;
  instrument: InstrumentWithQuote | undefined;
}) {
  const locale = useLocale();
  const digits = priceDigits(position.symbol, instrument?.tickTable, position.openPrice);
  const price = (value: string | null) =>
    value === null ? "—" : formatPrice(value, locale, { fractionDigits: digits });
  const realized = position.realized === null ? undefined : BigInt(position.realized);
  const zone = symbolZone(position.symbol);
  return (
    <li>
      <Link
        href={positionDetailPath(position.id)}
        className="trade-row"
        data-testid="closed-row"
        data-position={position.id}
      >
        <span className="trade-row__head">
          <span className="trade-row__name">
            <InstrumentName symbol={position.symbol} instrument={instrument} />
          </span>
          <SideBadge side={position.side} leverage={shownLeverage(position)} />
          <span className={`trade-row__end pnl num ${toneOf(realized)}`}>
            {realized === undefined ? "—" : formatSignedMoney(realized, position.currency, locale)}
          </span>
        </span>
        <dl className="trade-row__figures">
          <Figure label={<Trans>Quantity</Trans>}>
            <QuantityText shares={position.quantity} lotSize={lotSizeOf(position.symbol, instrument)} />
          </Figure>
          <Figure label={<Trans>Open price</Trans>}>{price(position.openPrice)}</Figure>
          <Figure label={<Trans>Close price</Trans>}>{price(position.closePrice)}</Figure>
        </dl>
        {position.closedAtMs !== null && (
          <p className="trade-row__time num">
            {position.closeReason === "margin_call" && (
              <span className="tag tag--danger">
                <Trans context="close reason">Margin call</Trans>
              </span>
            )}
            {formatDate(position.closedAtMs, locale, zone)} {formatClock(position.closedAtMs, locale, zone)}
          </p>
        )}
      </Link>
    </li>
  );
}
