import type { BlockCatalog, BlockInstrument, BlockOffering } from "@kabuto/shared/api/block";
import { blockCost, blockSellCost } from "@kabuto/shared/block/rules";
import { blockApi } from "@kabuto/shared/endpoints/block";
import { formatDateTime, formatMoney, formatNumber, formatPrice } from "@kabuto/shared/format";
import { tradingUnit } from "@kabuto/shared/market/units";
import { type Market, marketCurrency } from "@kabuto/shared/symbols";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { ChoiceChips } from "../../app/choice-chips.tsx";
import { PageHeader } from "../../app/page-header.tsx";
import { StepperField } from "../../app/stepper-field.tsx";
import { TextField } from "../../app/text-field.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { call } from "../../lib/api.ts";
import { ApiError, errorCode, type FieldError } from "../../lib/api-error.ts";
import { IntentKeys } from "../../lib/intent-key.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { useSessionState } from "../../state/session.ts";
import { LoadProblem, Notice, SignInNeeded } from "../identity/identity-parts.tsx";
import { localName } from "../market/instrument.ts";
import { useInstruments } from "../market/use-instruments.ts";
import { useHoldingPositions } from "../trading/trading-store.ts";
import { useConfirmStep } from "../trading-pin/confirm-step.tsx";
import { isPinRefusal } from "../trading-pin/pin-refusal.ts";
import "../identity/identity.css";
import "../wallet/wallet.css";
import "../ipo/ipo.css";
import "./block.css";

/** What the form applies to: an offering at its fixed price, or a negotiated bid at the member's price. */
type Target = { kind: "offering"; offering: BlockOffering } | { kind: "bid"; instrument: BlockInstrument };

/**
 * `/market/blockApply?offering=<id>` or `?symbol=<symbol>`: the application form, with the allowed
 * price band and what the application holds at once (shares × price and the purchase fee).
 */
export function BlockApplyScreen() {
  const session = useSessionState();
  return (
    <>
      <PageHeader back="/market/block" title={<Trans>Block trade application</Trans>} />
      {session ? <ApplyLoader /> : <SignInNeeded />}
    </>
  );
}

function ApplyLoader() {
  const search = new URLSearchParams(useSearch());
  const catalog = useEndpoint(blockApi.catalog, {});
  if (catalog.status === "loading") return <div className="panel" aria-busy="true" />;
  if (catalog.status === "error") return <LoadProblem error={catalog.error} onRetry={catalog.reload} />;
  const target = targetOf(catalog.value, search.get("offering"), search.get("symbol"));
  if (!target)
    return (
      <p className="empty" data-testid="block-missing">
        <Trans>This block trade is not open now.</Trans>
      </p>
    );
  return <ApplyForm catalog={catalog.value} target={target} />;
}

function targetOf(
  catalog: BlockCatalog,
  offeringId: string | null,
  symbol: string | null,
): Target | undefined {
  if (offeringId) {
    const offering = catalog.offerings.find((row) => row.id === offeringId && row.phase === "open");
    return offering && { kind: "offering", offering };
  }
  const instrument = catalog.instruments.find((row) => row.symbol === symbol);
  return instrument && { kind: "bid", instrument };
}

function ApplyForm({ catalog, target }: { catalog: BlockCatalog; target: Target }) {
  const { t } = useLingui();
  const locale = useLocale();
  const [, navigate] = useLocation();
  const symbol = target.kind === "offering" ? target.offering.symbol : target.instrument.symbol;
  const market: Market = target.kind === "offering" ? target.offering.market : target.instrument.market;
  const currency = marketCurrency[market];
  const minShares = target.kind === "offering" ? target.offering.minShares : target.instrument.minShares;
  const maxShares = target.kind === "offering" ? target.offering.maxShares : target.instrument.maxShares;
  const unit = tradingUnit[market];
  const [shares, setShares] = useState(String(minShares));
  const [price, setPrice] = useState(
    target.kind === "offering" ? target.offering.price : (target.instrument.last ?? ""),
  );
  const [errors, setErrors] = useState<{ price?: FieldError; shares?: FieldError }>({});
  const [busy, setBusy] = useState(false);
  const [side, setSide] = useState<"buy" | "sell">("buy");
  const holding = useHoldingPositions();
  // What a sell bid may sell: a whole long position in this stock, not locked up.
  const sellable = (holding.value ?? []).filter(
    (position) =>
      position.symbol === symbol &&
      position.side === "long" &&
      (position.lockedUntilMs === null || position.lockedUntilMs <= Date.now()),
  );
  const [positionId, setPositionId] = useState<string>("");
  const selling = target.kind === "bid" && side === "sell";
  const position = selling ? (sellable.find((row) => row.id === positionId) ?? sellable[0]) : undefined;
  const [keys] = useState(() => new IntentKeys());
  const confirm = useConfirmStep();
  const names = useInstruments([symbol]);
  const instrument = names.get(symbol);
  const name = instrument ? localName(instrument.name, locale) : symbol;
  const count = (value: number) => formatNumber(value, locale);
  const shareCount = position ? position.quantity : Number(shares);
  const cost = !(Number.isSafeInteger(shareCount) && shareCount > 0)
    ? undefined
    : position
      ? blockSellCost(market, price.trim(), shareCount, BigInt(position.openNotional), {
          feePpm: catalog.feePpm[market],
          taxPpm: catalog.taxPpm[market],
        })
      : blockCost(market, price.trim(), shareCount, catalog.feePpm[market]);
  const daily = catalog.daily.find((row) => row.currency === currency);
  const left = daily ? BigInt(daily.limit) - BigInt(daily.used) : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (selling && !position) return;
    if (!Number.isSafeInteger(shareCount) || shareCount <= 0 || shareCount % unit !== 0) {
      setErrors({ shares: "QUANTITY_INVALID" });
      return;
    }
    const money = (amount: bigint | undefined) =>
      amount === undefined ? "—" : formatMoney(amount, currency, locale);
    confirm.ask({
      title: <Trans>Confirm your block trade application</Trans>,
      rows: [
        { label: <Trans>Stock</Trans>, value: `${name} ${symbol}`, testId: "confirm-stock" },
        {
          label: <Trans context="block side">Buy or sell</Trans>,
          value: selling ? (
            <Trans context="block side">Sell a position</Trans>
          ) : (
            <Trans context="block side">Buy</Trans>
          ),
        },
        { label: <Trans>Shares</Trans>, value: count(shareCount), testId: "confirm-quantity" },
        {
          label: <Trans context="order price">Price</Trans>,
          value: formatPrice(price.trim(), locale),
          testId: "confirm-price",
        },
        {
          label: selling ? <Trans>Selling fee and tax</Trans> : <Trans>Purchase fee</Trans>,
          value: money(selling ? cost?.holdMinor : cost?.feeMinor),
        },
        {
          label: <Trans>Held now</Trans>,
          value: money(cost?.holdMinor),
          testId: "confirm-required",
          strong: true,
        },
      ],
      confirmLabel: <Trans>Apply</Trans>,
      send,
    });
  }

  /** Sends the confirmed application; a refusal of the PIN goes back to the confirmation step. */
  async function send(pin: string | undefined) {
    setBusy(true);
    try {
      if (target.kind === "offering") {
        const body = { shares: shareCount };
        await call(
          blockApi.apply,
          { params: { id: target.offering.id }, body },
          {
            idempotencyKey: keys.keyFor(JSON.stringify({ o: target.offering.id, ...body })),
            tradingPin: pin,
          },
        );
      } else {
        const body = position
          ? {
              symbol,
              shares: shareCount,
              price: price.trim(),
              side: "sell" as const,
              positionId: position.id,
            }
          : { symbol, shares: shareCount, price: price.trim() };
        await call(
          blockApi.bid,
          { body },
          { idempotencyKey: keys.keyFor(JSON.stringify(body)), tradingPin: pin },
        );
      }
      keys.settle();
      notifySuccess(t`Application sent: the money is held until the desk decides`);
      navigate(`/position/position?tab=${target.kind === "offering" ? "auction" : "bidding"}`);
    } catch (error) {
      keys.settle(error);
      if (isPinRefusal(error)) throw error;
      const code = errorCode(error);
      const fields = error instanceof ApiError ? error.fields : {};
      setErrors({
        price: ["PRICE_INVALID", "BLOCK_PRICE_LIMIT"].includes(code) ? code : fields.price,
        shares: ["QUANTITY_INVALID", "BLOCK_MIN_SHARES", "BLOCK_MAX_SHARES"].includes(code)
          ? code
          : fields.shares,
      });
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="panel" onSubmit={submit} noValidate data-testid="block-form">
      <h2 className="panel__title">
        {name} <span className="ipo-card__code num">{symbol}</span>
      </h2>
      {!catalog.deskOpen && (
        <Notice tone="warn">
          <Trans>
            The block desk is closed now. It takes applications on business days, {catalog.hours} Tokyo time.
          </Trans>
        </Notice>
      )}
      {target.kind === "offering" ? (
        <dl className="breakdown">
          <div className="breakdown__row">
            <dt>
              <Trans>Block offering price</Trans>
            </dt>
            <dd className="num" data-testid="block-price">
              {formatPrice(target.offering.price, locale)}
            </dd>
          </div>
          <div className="breakdown__row">
            <dt>
              <Trans>Applications until</Trans>
            </dt>
            <dd className="num">
              {formatDateTime(target.offering.closesAtMs, locale, "Asia/Tokyo", { seconds: false })}
            </dd>
          </div>
          {target.offering.lockupDays > 0 && (
            <div className="breakdown__row">
              <dt>
                <Trans>Lock-up after allotment</Trans>
              </dt>
              <dd className="num">
                <Trans>{target.offering.lockupDays} days</Trans>
              </dd>
            </div>
          )}
        </dl>
      ) : (
        <>
          <ChoiceChips
            name="block-side"
            legend={<Trans context="block side">Buy or sell</Trans>}
            value={side}
            onChange={(value) => {
              setSide(value);
              setErrors({});
            }}
            choices={[
              { value: "buy", label: <Trans context="block side">Buy</Trans> },
              { value: "sell", label: <Trans context="block side">Sell a position</Trans> },
            ]}
          />
          {selling &&
            (sellable.length === 0 ? (
              <Notice tone="info" testId="block-nothing-to-sell">
                <Trans>You hold no position in this stock that can be sold now.</Trans>
              </Notice>
            ) : (
              <ChoiceChips
                name="block-position"
                legend={<Trans>Position to sell (all of it)</Trans>}
                look="chips"
                value={position?.id ?? ""}
                onChange={(value) => setPositionId(value)}
                choices={sellable.map((row) => ({
                  value: row.id,
                  label: (
                    <Trans>
                      {count(row.quantity)} shares @ {formatPrice(row.openPrice, locale)}
                    </Trans>
                  ),
                }))}
              />
            ))}
        </>
      )}
      {target.kind === "bid" && (
        <TextField
          id="block-price"
          label={<Trans>Your price per share ({currency})</Trans>}
          inputMode="decimal"
          value={price}
          onChange={(event) => {
            setPrice(event.target.value);
            setErrors({});
          }}
          hint={
            target.instrument.band && target.instrument.last ? (
              <span data-testid="block-band">
                <Trans>
                  Allowed: {formatPrice(target.instrument.band.low, locale)} –{" "}
                  {formatPrice(target.instrument.band.high, locale)}, within 7% of the last trade{" "}
                  {formatPrice(target.instrument.last, locale)}
                </Trans>
              </span>
            ) : undefined
          }
          error={errors.price}
          data-testid="block-price-input"
        />
      )}
      {!selling && (
        <StepperField
          id="block-shares"
          label={<Trans>Shares</Trans>}
          value={shares}
          onChange={(value) => {
            setShares(value);
            setErrors({});
          }}
          onStep={(n) =>
            setShares(
              String(
                Math.max(minShares, (Number.isSafeInteger(shareCount) ? shareCount : minShares) + n * unit),
              ),
            )
          }
          canStep={(n) => (n > 0 ? shareCount < maxShares : shareCount > minShares)}
          inputMode="numeric"
          hint={
            <Trans>
              From {count(minShares)} to {count(maxShares)} shares, in lots of {count(unit)}
            </Trans>
          }
          error={errors.shares}
          decreaseLabel={t`Fewer shares`}
          increaseLabel={t`More shares`}
        />
      )}
      <dl className="breakdown">
        <div className="breakdown__row">
          <dt>{selling ? <Trans>Selling fee and tax</Trans> : <Trans>Purchase fee</Trans>}</dt>
          <dd className="num">
            {cost ? formatMoney(selling ? cost.holdMinor : cost.feeMinor, currency, locale) : "—"}
          </dd>
        </div>
        <div className="breakdown__row breakdown__row--total">
          <dt>
            <Trans>Held now</Trans>
          </dt>
          <dd className="num" data-testid="block-hold">
            {cost ? formatMoney(cost.holdMinor, currency, locale) : "—"}
          </dd>
        </div>
        {left !== undefined && !selling && (
          <div className="breakdown__row">
            <dt>
              <Trans>Left of today's limit</Trans>
            </dt>
            <dd className="num">{formatMoney(left < 0n ? 0n : left, currency, locale)}</dd>
          </div>
        )}
      </dl>
      <p className="field__hint">
        {target.kind === "offering" ? (
          <Trans>
            The price and fee are held from your available cash at once. When the window closes, the block is
            allotted: if members ask for more than the block, by an equal lottery you can re-check from its
            published seed. What you are allotted becomes a cash position at this price; the rest is released.
          </Trans>
        ) : selling ? (
          <Trans>
            The selling fee and tax are held at once; the position stays yours until the desk decides. The
            desk approves (the whole position is sold at your price) or rejects with a reason. If you close
            the position yourself first, the bid can no longer be approved.
          </Trans>
        ) : (
          <Trans>
            The price and fee are held from your available cash at once. The desk approves (a cash position at
            your price) or rejects with a reason (everything released). You can withdraw while it is pending.
          </Trans>
        )}
      </p>
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={busy}
        data-testid="block-submit"
      >
        <Trans>Apply</Trans>
      </button>
      {confirm.element}
    </form>
  );
}
