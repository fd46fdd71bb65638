import type { Offering, OfferingDetail, PublishedDraw, Subscription } from "@kabuto/shared/api/ipo";
import { ipoApi } from "@kabuto/shared/endpoints/ipo";
import {
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPrice,
  formatUnitPrice,
} from "@kabuto/shared/format";
import { chanceOneIn, commitmentOf, runDraw } from "@kabuto/shared/ipo/draw";
import { declarationCeiling } from "@kabuto/shared/ipo/rules";
import { decimalToMinor } from "@kabuto/shared/money";
import { marketZone } from "@kabuto/shared/symbols";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useMemo, useState } from "react";
import { Link, useSearch } from "wouter";
import { ChoiceChips } from "../../app/choice-chips.tsx";
import { ChooseFirst } from "../../app/choose-first.tsx";
import { PageHeader } from "../../app/page-header.tsx";
import { StepperField } from "../../app/stepper-field.tsx";
import { TextField } from "../../app/text-field.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { call } from "../../lib/api.ts";
import { ApiError, errorCode, type FieldError } from "../../lib/api-error.ts";
import { IntentKeys } from "../../lib/intent-key.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { useNow } from "../../lib/use-now.ts";
import { useSessionState } from "../../state/session.ts";
import { LoadProblem, Notice, SignInNeeded } from "../identity/identity-parts.tsx";
import { detailPath, localName } from "../market/instrument.ts";
import { Countdown, ipoClockMs, OddsText, PhaseTag, PriceText, StateTag, Timeline } from "./ipo-parts.tsx";

/**
 * `/market/subscribeDetail?id=`: one new share: its terms and timeline, the declaration form while
 * book-building is open, the commitment to the draw's seed and, after the draw, a panel that
 * re-runs the draw in this browser with the same shared function the server ran.
 */
export function SubscribeDetailScreen() {
  const session = useSessionState();
  const id = new URLSearchParams(useSearch()).get("id") ?? "";
  const detail = useEndpoint(ipoApi.offering, id ? { params: { id } } : null);
  const missing = !id || (detail.status === "error" && errorCode(detail.error) === "OFFERING_NOT_FOUND");
  return (
    <>
      <PageHeader back="/market/subscribe" title={<Trans>New share</Trans>} />
      <main className="form-page">
        {!session && <SignInNeeded />}
        {session && missing && <ChooseOffering notFound={Boolean(id)} />}
        {session && !missing && detail.status === "loading" && <div className="panel" aria-busy="true" />}
        {session && !missing && detail.status === "error" && (
          <LoadProblem error={detail.error} onRetry={detail.reload} />
        )}
        {session && detail.status === "ready" && <Detail detail={detail.value} />}
      </main>
    </>
  );
}

/** Without an offering to show (none named, or no such one): the list of new shares to choose from. */
function ChooseOffering({ notFound }: { notFound: boolean }) {
  return (
    <ChooseFirst
      message={
        notFound ? (
          <Trans>There is no such new share. Choose one from the list.</Trans>
        ) : (
          <Trans>Choose a new share to see its terms and subscribe.</Trans>
        )
      }
      listPath="/market/subscribe"
      listLabel={<Trans>See new shares</Trans>}
    />
  );
}

function Detail({ detail }: { detail: OfferingDetail }) {
  const { offering, subscription, draw } = detail;
  const locale = useLocale();
  const now = useNow(ipoClockMs);
  const units = formatNumber(offering.unitsOffered, locale);
  const lockUpEnd =
    offering.dates.lockUpEndMs === null
      ? ""
      : formatDateTime(offering.dates.lockUpEndMs, locale, marketZone[offering.market], { seconds: false });
  return (
    <>
      <section className="panel" data-testid="ipo-detail" data-phase={offering.phase}>
        <div className="panel__head">
          <h2 className="panel__title">
            {localName(offering.name, locale)}{" "}
            <span className="ipo-card__code num">
              {offering.code} · {offering.market}
            </span>
          </h2>
          <PhaseTag phase={offering.phase} />
        </div>
        <dl className="breakdown">
          <Row label={offering.offerPrice === null ? <Trans>Price range</Trans> : <Trans>Offer price</Trans>}>
            <PriceText offering={offering} />
          </Row>
          <Row label={<Trans>Units offered</Trans>}>
            <Trans>
              {units} × {offering.unitShares} shares
            </Trans>
          </Row>
          <Row label={<Trans>Odds</Trans>}>
            <OddsText offering={offering} />
          </Row>
          <Row label={<Trans>Lock-up</Trans>}>
            {offering.dates.inMinutes && offering.dates.lockUpEndMs !== null ? (
              <Trans>Until {lockUpEnd}</Trans>
            ) : offering.lockupDays > 0 ? (
              offering.releaseMultiple ? (
                <Trans>
                  {offering.lockupDays} days, released at {offering.releaseMultiple}× the offer price
                </Trans>
              ) : (
                <Trans>{offering.lockupDays} days</Trans>
              )
            ) : (
              <Trans>None</Trans>
            )}
          </Row>
        </dl>
        <Timeline offering={offering} now={now} />
        <Countdown offering={offering} />
        {offering.phase === "listed" && (
          <Link
            href={detailPath(offering.symbol)}
            className="button button--outline button--block"
            data-testid="ipo-stock"
          >
            <Trans>See the stock</Trans>
          </Link>
        )}
      </section>
      {subscription && <YourSubscription offering={offering} subscription={subscription} />}
      {offering.phase === "book" && (!subscription || subscription.state === "declared") && (
        <DeclarationForm
          // A declaration made or changed: the form starts again from it, as it stands now.
          key={subscription ? `${subscription.id}:${subscription.price}:${subscription.units}` : "new"}
          offering={offering}
          subscription={subscription}
        />
      )}
      {offering.phase === "scheduled" && (
        <Notice tone="info">
          <p className="notice__text">
            <Trans>Book-building has not opened yet.</Trans>
          </p>
        </Notice>
      )}
      <FairDraw offering={offering} subscription={subscription} draw={draw} />
    </>
  );
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="breakdown__row">
      <dt>{label}</dt>
      <dd className="num">{children}</dd>
    </div>
  );
}

function YourSubscription({ offering, subscription }: { offering: Offering; subscription: Subscription }) {
  const locale = useLocale();
  const { t } = useLingui();
  const [keys] = useState(() => new IntentKeys());
  const [busy, setBusy] = useState(false);
  const zone = marketZone[offering.market];
  async function cancel() {
    setBusy(true);
    try {
      // The cancellation makes the offering stale: the screen reads it again.
      await call(
        ipoApi.cancel,
        { params: { id: subscription.id } },
        { idempotencyKey: keys.keyFor(subscription.id) },
      );
      keys.settle();
      notifySuccess(t`Subscription cancelled`);
    } catch (error) {
      keys.settle(error);
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="panel" data-testid="ipo-mine" data-state={subscription.state}>
      <div className="panel__head">
        <h2 className="panel__title">
          <Trans>Your subscription</Trans>
        </h2>
        <StateTag state={subscription.state} />
      </div>
      <dl className="breakdown">
        <Row label={<Trans>Declared price</Trans>}>
          {subscription.price === null ? (
            <Trans>At the offer price</Trans>
          ) : (
            formatUnitPrice(subscription.price, offering.currency, locale)
          )}
        </Row>
        <Row label={<Trans>Units asked</Trans>}>{subscription.units}</Row>
        {subscription.unitsWon > 0 && <Row label={<Trans>Units won</Trans>}>{subscription.unitsWon}</Row>}
        {subscription.amountDue !== null && (
          <Row label={<Trans>Amount due</Trans>}>
            {formatMoney(subscription.amountDue, offering.currency, locale)}
          </Row>
        )}
        {subscription.payByMs !== null && subscription.state === "won" && (
          <Row label={<Trans>Pay by</Trans>}>
            {formatDateTime(subscription.payByMs, locale, zone, { seconds: false })}
          </Row>
        )}
      </dl>
      {subscription.exclusion === "below_price" && (
        <p className="panel__text">
          <Trans>Your price was below the offer price, so this subscription did not enter the draw.</Trans>
        </p>
      )}
      {subscription.exclusion === "insufficient_cash" && (
        <p className="panel__text">
          <Trans>
            At the draw your available cash did not cover one unit, so this subscription did not enter it.
          </Trans>
        </p>
      )}
      {subscription.state === "won" && (
        <Link
          href="/market/subscribeRecord"
          className="button button--primary button--block"
          data-testid="ipo-go-pay"
        >
          <Trans>Pay</Trans>
        </Link>
      )}
      {subscription.cancellable && (
        <button
          type="button"
          className="button button--outline button--block"
          disabled={busy}
          onClick={cancel}
          data-testid="ipo-cancel"
        >
          <Trans>Cancel subscription</Trans>
        </button>
      )}
    </section>
  );
}

function DeclarationForm({
  offering,
  subscription,
}: {
  offering: Offering;
  subscription: Subscription | null;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const [mode, setMode] = useState<"strike" | "price">(subscription?.price ? "price" : "strike");
  const [price, setPrice] = useState(subscription?.price ?? offering.bandHigh);
  const [units, setUnits] = useState(String(subscription?.units ?? 1));
  const [errors, setErrors] = useState<{ price?: FieldError; units?: FieldError }>({});
  const [busy, setBusy] = useState(false);
  const [keys] = useState(() => new IntentKeys());
  const unitCount = Number(units);
  const priceMinor = decimalToMinor(price, offering.currency);
  const ceiling =
    Number.isInteger(unitCount) && unitCount > 0 && (mode === "strike" || priceMinor !== undefined)
      ? declarationCeiling(
          offering.market,
          {
            lowMinor: decimalToMinor(offering.bandLow, offering.currency) ?? 0n,
            highMinor: decimalToMinor(offering.bandHigh, offering.currency) ?? 0n,
          },
          unitCount,
          mode === "strike" ? null : (priceMinor ?? null),
        )
      : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!Number.isInteger(unitCount) || unitCount < 1) {
      setErrors({ units: "UNITS_NOT_WHOLE" });
      return;
    }
    const body = { price: mode === "strike" ? null : price.trim(), units: unitCount };
    setBusy(true);
    try {
      // Either makes the offering stale: the screen reads it again.
      const idempotencyKey = keys.keyFor(JSON.stringify(body));
      if (subscription)
        await call(ipoApi.change, { params: { id: subscription.id }, body }, { idempotencyKey });
      else await call(ipoApi.subscribe, { params: { id: offering.id }, body }, { idempotencyKey });
      keys.settle();
      notifySuccess(subscription ? t`Subscription changed` : t`Subscribed`);
    } catch (error) {
      keys.settle(error);
      const code = errorCode(error);
      const fields = error instanceof ApiError ? error.fields : {};
      setErrors({
        price: ["PRICE_INVALID", "PRICE_OUTSIDE_BAND"].includes(code) ? code : fields.price,
        units: ["UNITS_NOT_WHOLE", "QUANTITY_INVALID"].includes(code) ? code : fields.units,
      });
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="panel" onSubmit={submit} noValidate data-testid="ipo-form">
      <h2 className="panel__title">
        {subscription ? <Trans>Change your subscription</Trans> : <Trans>Subscribe</Trans>}
      </h2>
      <ChoiceChips
        name="ipo-mode"
        legend={<Trans context="ipo declaration">Price</Trans>}
        value={mode}
        onChange={(value) => {
          setMode(value);
          setErrors({});
        }}
        choices={[
          { value: "strike", label: <Trans>At the offer price</Trans> },
          { value: "price", label: <Trans>My price</Trans> },
        ]}
      />
      {mode === "price" && (
        <TextField
          id="ipo-price"
          label={<Trans>Price per share ({offering.currency})</Trans>}
          inputMode="decimal"
          value={price}
          onChange={(event) => {
            setPrice(event.target.value);
            setErrors({});
          }}
          hint={
            <Trans>
              Inside the range {formatPrice(offering.bandLow, locale)} –{" "}
              {formatPrice(offering.bandHigh, locale)}. Below the offer price, a subscription does not enter
              the draw.
            </Trans>
          }
          error={errors.price}
          data-testid="ipo-price"
        />
      )}
      <StepperField
        id="ipo-units"
        label={<Trans>Units ({offering.unitShares} shares each)</Trans>}
        value={units}
        onChange={(value) => {
          setUnits(value);
          setErrors({});
        }}
        onStep={(n) => setUnits(String(Math.max(1, (Number.isInteger(unitCount) ? unitCount : 1) + n)))}
        canStep={(n) => n > 0 || unitCount > 1}
        inputMode="numeric"
        error={errors.units}
        decreaseLabel={t`Fewer units`}
        increaseLabel={t`More units`}
      />
      <dl className="breakdown">
        <div className="breakdown__row breakdown__row--total">
          <dt>
            <Trans>What it may cost</Trans>
          </dt>
          <dd className="num" data-testid="ipo-ceiling">
            {ceiling === undefined ? "—" : formatMoney(ceiling, offering.currency, locale)}
          </dd>
        </div>
      </dl>
      <p className="field__hint">
        <Trans>
          Nothing is held now. Every member has the same chance in the draw, whatever the units asked: with
          more members than units, winners get one unit each. Have one unit's cost in available cash at the
          draw; a winner pays before the payment deadline.
        </Trans>
      </p>
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={busy}
        data-testid="ipo-submit"
      >
        {subscription ? <Trans context="ipo declaration">Change</Trans> : <Trans>Subscribe</Trans>}
      </button>
    </form>
  );
}

/** The commitment before the draw; after it, the draw re-run here and compared with what was published. */
function FairDraw({
  offering,
  subscription,
  draw,
}: {
  offering: Offering;
  subscription: Subscription | null;
  draw: PublishedDraw | null;
}) {
  return (
    <section className="panel" data-testid="ipo-fair">
      <h2 className="panel__title">
        <Trans>A draw you can check</Trans>
      </h2>
      <p className="panel__text">
        <Trans>
          Before book-building opened we published the SHA-256 fingerprint of the draw's secret seed. At the
          draw we publish the seed, every entry (as a code only its member can recognise) and the result, so
          anyone can re-run it.
        </Trans>
      </p>
      <div>
        <span className="field__label">
          <Trans>Commitment (SHA-256 of the seed)</Trans>
        </span>
        <p className="ipo-hash" data-testid="ipo-commitment">
          {offering.commitment}
        </p>
      </div>
      {draw && <Verification offering={offering} subscription={subscription} draw={draw} />}
    </section>
  );
}

function Verification({
  offering,
  subscription,
  draw,
}: {
  offering: Offering;
  subscription: Subscription | null;
  draw: PublishedDraw;
}) {
  const locale = useLocale();
  const check = useMemo(() => {
    const seedMatches = commitmentOf(draw.seed) === offering.commitment;
    const rerun = runDraw(draw.seed, draw.entries, { unitsOffered: draw.unitsOffered });
    const published = new Map(draw.won.map((entry) => [entry.hash, entry.units]));
    const sameResult =
      rerun.won.size === published.size &&
      [...rerun.won].every(([hash, units]) => published.get(hash) === units) &&
      rerun.waitlist.length === draw.waitlist.length &&
      rerun.waitlist.every((hash, index) => draw.waitlist[index] === hash);
    return { seedMatches, sameResult, rerun };
  }, [draw, offering.commitment]);
  const verified = check.seedMatches && check.sameResult;
  const mine = subscription ? draw.entries.findIndex((entry) => entry.hash === subscription.entryHash) : -1;
  const place = mine + 1;
  const hash = subscription?.entryHash ?? "";
  const wonUnits = check.rerun.won.get(hash) ?? 0;
  const odds = formatNumber(chanceOneIn(draw.entries.length, draw.unitsOffered), locale, 1);
  const waitPlace = check.rerun.waitlist.indexOf(hash) + 1;
  return (
    <div className="notice ipo-verify" data-verified={verified} data-testid="ipo-verify">
      {verified ? (
        <p className="notice__text" data-testid="ipo-verified">
          <Trans>
            Verified in your browser: the seed matches the commitment, and re-running the draw on the{" "}
            {draw.entries.length} published entries gives the published result.
          </Trans>
        </p>
      ) : (
        <p className="notice__text" data-testid="ipo-not-verified">
          <Trans>
            This draw did not verify: the published seed or result does not match. Please contact support.
          </Trans>
        </p>
      )}
      {verified && place > 0 && wonUnits > 0 && (
        <p className="notice__text" data-testid="ipo-verify-mine">
          <Trans>
            Your entry #{place} won {wonUnits} unit(s); the chance was 1 in {odds}.
          </Trans>
        </p>
      )}
      {verified && place > 0 && wonUnits === 0 && (
        <p className="notice__text" data-testid="ipo-verify-mine">
          {waitPlace > 0 ? (
            <Trans>
              Your entry #{place} did not win (1 in {odds}); it is number {waitPlace} on the waitlist.
            </Trans>
          ) : (
            <Trans>
              Your entry #{place} did not win (1 in {odds}).
            </Trans>
          )}
        </p>
      )}
      <span className="field__label">
        <Trans>Seed</Trans>
      </span>
      <p className="ipo-hash" data-testid="ipo-seed">
        {draw.seed}
      </p>
      {subscription && (
        <>
          <span className="field__label">
            <Trans>Your entry</Trans>
          </span>
          <p className="ipo-hash" data-testid="ipo-entry">
            {subscription.entryHash}
          </p>
        </>
      )}
    </div>
  );
}
