import {
  type Copy,
  type copyRequestSchema,
  type LeadApplication,
  type LeadDetail,
  type LeaderboardQuery,
  type LeadSummary,
  leadAvatars,
} from "@kabuto/shared/api/follow";
import { followApi } from "@kabuto/shared/endpoints/follow";
import { copyNicknameIn, leadTextIn } from "@kabuto/shared/follow/lead-text";
import { formatDuration, formatMoney, formatPercent } from "@kabuto/shared/format";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import type { z } from "zod";
import { ChoiceChips } from "../../app/choice-chips.tsx";
import { PageHeader } from "../../app/page-header.tsx";
import type { AppLocale } from "../../i18n/locale.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { call } from "../../lib/api.ts";
import { ApiError, errorCode } from "../../lib/api-error.ts";
import { errorMessage } from "../../lib/error-messages.ts";
import { IntentKeys } from "../../lib/intent-key.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { afterOwnAction } from "../../state/account-feed.ts";
import { useSessionState } from "../../state/session.ts";
import type { FieldErrors } from "../auth/form-errors.ts";
import { LoadProblem, SignInNeeded } from "../identity/identity-parts.tsx";
import { formatSignedMoney, toneOf } from "../trading/figures.tsx";
import { useConfirmStep } from "../trading-pin/confirm-step.tsx";
import { isPinRefusal } from "../trading-pin/pin-refusal.ts";
import { amountError, amountForServer, parseAmount } from "../wallet/amount.ts";
import { AmountField, requestTime } from "../wallet/wallet-parts.tsx";
import { GrowthChart, MonthlyBars } from "./growth-chart.tsx";
import "./follow.css";

/** Each avatar's colour: a lead is shown by an initial on it, never a photo. */
const avatarColours: Record<LeadSummary["avatar"], string> = {
  fox: "#e8772e",
  owl: "#7a5c3e",
  crane: "#4f8fc0",
  bear: "#8d6e63",
  koi: "#d84343",
  tiger: "#f0a020",
  hawk: "#5c6bc0",
  turtle: "#2e9d6a",
};

const stopReasons: Record<NonNullable<Copy["stopReason"]>, MessageDescriptor> = {
  member: msg({ message: "Stopped by you", context: "copy stop" }),
  stop_loss: msg({ message: "Copy stop-loss reached", context: "copy stop" }),
  time_limit: msg({ message: "Time limit exceeded", context: "copy stop" }),
  lead_suspended: msg({ message: "Lead trader suspended", context: "copy stop" }),
};

/** A fraction as a signed percentage: 0.0512 → +5.12%. */
/** A lead as a reader of `locale` sees it: the nickname and bio the lead wrote for that language. */
function inLanguage<T extends LeadSummary>(lead: T, locale: AppLocale): T {
  return { ...lead, ...leadTextIn(lead, locale) };
}

function percentOf(fraction: number, locale: ReturnType<typeof useLocale>): string {
  return formatPercent((fraction * 100).toFixed(2), locale);
}

function Avatar({ avatar, nickname }: { avatar: LeadSummary["avatar"]; nickname: string }) {
  return (
    <span className="lead-avatar" aria-hidden="true" style={{ background: avatarColours[avatar] }}>
      {nickname.slice(0, 1).toUpperCase()}
    </span>
  );
}

function RiskBadge({ score }: { score: number }) {
  const tone = score <= 3 ? "low" : score <= 6 ? "medium" : "high";
  return (
    <span className="risk-badge" data-risk={tone} data-testid="risk-score">
      <Trans>Risk {score}</Trans>
    </span>
  );
}

/**
 * `/gdindex/gdindex`: the Follow tab. Without `?id=`, the leaderboard of lead traders (filters by
 * market, risk and return period, each row with its monthly returns); with it, one lead's page:
 * growth curve, figures, allocation as shares of equity and the copy form.
 */
export function FollowScreen() {
  const session = useSessionState();
  const search = useSearch();
  const id = new URLSearchParams(search).get("id");
  return (
    <>
      <PageHeader
        back={id ? "/gdindex/gdindex" : undefined}
        title={id ? <Trans>Lead trader</Trans> : <Trans>Follow trading</Trans>}
      />
      <main className="form-page">
        {!session && <SignInNeeded />}
        {session && !id && (
          <Link
            href="/gdindex/gdList"
            className="button button--outline button--block"
            data-testid="follow-orders-link"
          >
            <Trans>My follow orders</Trans>
          </Link>
        )}
        {session && (id ? <LeadPage id={id} /> : <Leaderboard />)}
        {session && !id && <BecomeLead />}
      </main>
    </>
  );
}

function Leaderboard() {
  const { t } = useLingui();
  const locale = useLocale();
  const [market, setMarket] = useState<"all" | "JP" | "US">("all");
  const [risk, setRisk] = useState<"all" | "low" | "medium" | "high">("all");
  const [period, setPeriod] = useState<NonNullable<LeaderboardQuery["period"]>>("m12");
  const query: LeaderboardQuery = {
    period,
    ...(market === "all" ? {} : { market }),
    ...(risk === "all" ? {} : { risk }),
  };
  const leads = useEndpoint(followApi.leaderboard, { query });
  return (
    <>
      <section className="panel follow-filters">
        <ChoiceChips
          name="follow-market"
          legend={<Trans context="follow filter">Market</Trans>}
          value={market}
          onChange={setMarket}
          choices={[
            { value: "all", label: t`All` },
            { value: "JP", label: t`Japan` },
            { value: "US", label: t`US` },
          ]}
        />
        <ChoiceChips
          name="follow-risk"
          legend={<Trans>Risk</Trans>}
          value={risk}
          onChange={setRisk}
          choices={[
            { value: "all", label: t`All` },
            { value: "low", label: t({ message: "Low", context: "risk level" }) },
            { value: "medium", label: t({ message: "Medium", context: "risk level" }) },
            { value: "high", label: t({ message: "High", context: "risk level" }) },
          ]}
        />
        <ChoiceChips
          name="follow-period"
          legend={<Trans>Return over</Trans>}
          value={period}
          onChange={setPeriod}
          choices={[
            { value: "m1", label: t`1 month` },
            { value: "m3", label: t`3 months` },
            { value: "m12", label: t`12 months` },
          ]}
        />
      </section>
      <p className="field__hint">
        <Trans>
          Every figure is computed from the lead trader's own ledger journals. Risk: low 0–3, medium 4–6, high
          7–10. Past returns do not promise future ones.
        </Trans>
      </p>
      {leads.status === "loading" && <div className="panel" aria-busy="true" />}
      {leads.status === "error" && <LoadProblem error={leads.error} />}
      {leads.status === "ready" && leads.value.items.length === 0 && (
        <p className="request-empty">
          <Trans>No lead traders match these filters.</Trans>
        </p>
      )}
      {leads.status === "ready" && leads.value.items.length > 0 && (
        <ul className="lead-list" data-testid="leaderboard">
          {leads.value.items
            .map((each) => inLanguage(each, locale))
            .map((lead) => (
              <li key={lead.id}>
                <Link href={`/gdindex/gdindex?id=${lead.id}`} className="lead-row" data-testid="lead-row">
                  <Avatar avatar={lead.avatar} nickname={lead.nickname} />
                  <span className="lead-row__name">
                    <span className="lead-row__nickname">{lead.nickname}</span>
                    <span className="lead-row__meta">
                      <RiskBadge score={lead.riskScore} />
                      <span>
                        <Trans>{lead.copiers} copiers</Trans>
                      </span>
                    </span>
                  </span>
                  <MonthlyBars monthly={lead.monthly} />
                  <span className={`lead-row__return num ${lead.returns[period] >= 0 ? "rise" : "fall"}`}>
                    {percentOf(lead.returns[period], locale)}
                  </span>
                </Link>
              </li>
            ))}
        </ul>
      )}
    </>
  );
}

function LeadPage({ id }: { id: string }) {
  const locale = useLocale();
  const answer = useEndpoint(followApi.lead, { params: { id } });
  if (answer.status === "loading") return <div className="panel" aria-busy="true" />;
  if (answer.status === "error") return <LoadProblem error={answer.error} onRetry={answer.reload} />;
  // The lead's nickname and bio in the reader's language, for this page and the copy form below.
  const lead = inLanguage(answer.value.lead, locale);
  const detail = { ...answer, value: { ...answer.value, lead } };
  return (
    <>
      <section className="panel lead-head" data-testid="lead-page">
        <Avatar avatar={lead.avatar} nickname={lead.nickname} />
        <div>
          <h2 className="panel__title" data-testid="lead-nickname">
            {lead.nickname}
          </h2>
          {lead.bio && <p className="lead-head__bio">{lead.bio}</p>}
          <RiskBadge score={lead.riskScore} />
        </div>
      </section>
      <section className="panel">
        <h3 className="panel__title">
          <Trans>Growth (time-weighted, deposits and withdrawals excluded)</Trans>
        </h3>
        <GrowthChart curve={detail.value.curve} />
      </section>
      <LeadFigures detail={detail.value} />
      <Allocation detail={detail.value} />
      <CopyForm detail={detail.value} />
    </>
  );
}

function LeadFigures({ detail }: { detail: LeadDetail }) {
  const locale = useLocale();
  const { lead } = detail;
  const rows: [ReactNode, string, string][] = [
    [<Trans key="m1">Return, 1 month</Trans>, percentOf(lead.returns.m1, locale), "m1"],
    [<Trans key="m3">Return, 3 months</Trans>, percentOf(lead.returns.m3, locale), "m3"],
    [<Trans key="m12">Return, 12 months</Trans>, percentOf(lead.returns.m12, locale), "m12"],
    [<Trans key="dd">Maximum drawdown</Trans>, percentOf(-lead.maxDrawdown, locale), "drawdown"],
    [<Trans key="win">Winning trades</Trans>, percentOf(lead.winShare, locale).replace("+", ""), "win"],
    [
      <Trans key="hold">Average holding time</Trans>,
      formatDuration(lead.averageHoldingMs, locale),
      "holding",
    ],
    [<Trans key="lev">Average leverage</Trans>, `${lead.averageLeverage.toFixed(1)}×`, "leverage"],
    [
      <Trans key="trades" context="lead stat">
        Trades
      </Trans>,
      String(lead.trades),
      "trades",
    ],
    [<Trans key="copiers">Copiers</Trans>, String(lead.copiers), "copiers"],
    [<Trans key="copying">Money copying</Trans>, formatMoney(lead.copying, lead.currency, locale), "copying"],
  ];
  return (
    <section className="panel">
      <dl className="breakdown" data-testid="lead-figures">
        {rows.map(([label, value, testId]) => (
          <div key={testId} className="breakdown__row">
            <dt>{label}</dt>
            <dd className="num" data-testid={`lead-${testId}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="field__hint">
        <Trans>
          Risk score 0–10: up to 5 for the volatility of monthly returns, up to 3 for leverage, up to 2 for
          concentration in one stock. Leads scoring 8 or more take no new copiers.
        </Trans>
      </p>
    </section>
  );
}

function Allocation({ detail }: { detail: LeadDetail }) {
  if (detail.allocation.length === 0) return null;
  return (
    <section className="panel">
      <h3 className="panel__title">
        <Trans>Open positions, as shares of equity</Trans>
      </h3>
      <ul className="allocation" data-testid="allocation">
        {detail.allocation.map((item) => (
          <li key={`${item.symbol}-${item.side}`} className="allocation__row">
            <span>{item.symbol.slice(item.symbol.indexOf(":") + 1)}</span>
            <span>{item.side === "long" ? <Trans>Long</Trans> : <Trans>Short</Trans>}</span>
            <span className="num">{item.sharePct.toFixed(2)}%</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CopyForm({ detail }: { detail: LeadDetail }) {
  const { t } = useLingui();
  const locale = useLocale();
  const [, navigate] = useLocation();
  const { lead, terms } = detail;
  const currency = lead.currency;
  const [amount, setAmount] = useState("");
  const [period, setPeriod] = useState(terms.periods[1] ?? terms.periods[0] ?? 30);
  const [stop, setStop] = useState(String(terms.stopDefaultPct));
  const [accepted, setAccepted] = useState(false);
  const [copyOpen, setCopyOpen] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [keys] = useState(() => new IntentKeys());
  const confirm = useConfirmStep();
  const money = (value: string | bigint) => formatMoney(value, currency, locale);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = amountError(amount, currency, { min: BigInt(terms.minimum), max: BigInt(terms.maximum) });
    const stopPct = Number(stop);
    const stopProblem =
      Number.isInteger(stopPct) && stopPct >= terms.stopMinPct && stopPct <= terms.stopMaxPct
        ? undefined
        : "COPY_STOP_INVALID";
    const next: FieldErrors = {};
    if (problem) next.amount = problem;
    if (stopProblem) next.stop = stopProblem;
    if (!accepted) next.risk = "RISK_NOT_ACCEPTED";
    setErrors(next);
    const minor = parseAmount(amount, currency);
    if (problem || stopProblem || !accepted || minor === undefined) return;
    const body = {
      leadId: lead.id,
      amount: amountForServer(minor, currency),
      periodDays: period,
      stopLossPct: stopPct,
      copyOpen,
      riskAccepted: true as const,
    };
    confirm.ask({
      title: <Trans>Confirm your copy</Trans>,
      rows: [
        { label: <Trans>Lead trader</Trans>, value: lead.nickname, testId: "confirm-lead" },
        { label: <Trans>Amount</Trans>, value: money(minor), testId: "confirm-required", strong: true },
        { label: <Trans>Follow period</Trans>, value: t`${period} days` },
        { label: <Trans>Copy stop-loss</Trans>, value: `${stopPct}%` },
        {
          label: <Trans>Current positions</Trans>,
          value: copyOpen ? <Trans>Copied at today's price</Trans> : <Trans>Not copied</Trans>,
        },
      ],
      note: <Trans>The amount leaves your available cash now and returns when the copy stops.</Trans>,
      confirmLabel: <Trans>Start copying</Trans>,
      send: (pin) => start(body, pin),
    });
  }

  /** Sends the confirmed copy; a refusal of the PIN goes back to the confirmation step. */
  async function start(body: z.input<typeof copyRequestSchema>, pin: string | undefined) {
    setBusy(true);
    try {
      await call(
        followApi.startCopy,
        { body },
        { idempotencyKey: keys.keyFor(JSON.stringify(body)), tradingPin: pin },
      );
      keys.settle();
      afterOwnAction();
      notifySuccess(t`You are now copying ${lead.nickname}`);
      navigate("/gdindex/gdList");
    } catch (error) {
      keys.settle(error);
      if (isPinRefusal(error)) throw error;
      const code = errorCode(error);
      const fields: FieldErrors = error instanceof ApiError ? { ...error.fields } : {};
      if (["AMOUNT_INVALID", "COPY_AMOUNT_OUT_OF_RANGE", "INSUFFICIENT_BALANCE"].includes(code))
        fields.amount = code;
      setErrors(fields);
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  if (lead.hidden)
    return (
      <p className="panel field__hint" data-testid="lead-hidden">
        <Trans>This lead trader's risk score is too high to take new copiers.</Trans>
      </p>
    );
  return (
    <form className="panel" onSubmit={submit} noValidate data-testid="copy-form">
      <h3 className="panel__title">
        <Trans>Copy {lead.nickname}</Trans>
      </h3>
      <p className="field__hint">
        <Trans>
          From {money(terms.minimum)} to {money(terms.maximum)}. Every trade the lead opens from now on is
          copied into your own positions in proportion to this amount; a trade too small to copy in whole
          units is skipped.
        </Trans>
      </p>
      <AmountField
        id="copy-amount"
        label={<Trans>Amount ({currency})</Trans>}
        currency={currency}
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setErrors({});
        }}
        error={errors.amount}
      />
      <ChoiceChips
        name="copy-period"
        legend={<Trans>Follow period</Trans>}
        value={period}
        onChange={setPeriod}
        choices={terms.periods.map((days) => ({ value: days, label: t`${days} days` }))}
      />
      <div className="field">
        <label className="field__label" htmlFor="copy-stop">
          <Trans>
            Copy stop-loss: stop when the copy has lost this share ({terms.stopMinPct}–{terms.stopMaxPct}%)
          </Trans>
        </label>
        <input
          id="copy-stop"
          className="field__input"
          inputMode="numeric"
          value={stop}
          onChange={(event) => setStop(event.target.value)}
          aria-invalid={errors.stop ? true : undefined}
          data-testid="copy-stop"
        />
      </div>
      <label className="risk-text__accept">
        <input
          type="checkbox"
          checked={copyOpen}
          onChange={(event) => setCopyOpen(event.target.checked)}
          data-testid="copy-open"
        />
        <Trans>Also copy the positions the lead holds now, at today's price</Trans>
      </label>
      <div className="risk-text" data-testid="risk-text">
        <p>
          <Trans>
            Copy trading is risky. Past returns do not promise future ones; you can lose the money you put in,
            down to your copy stop-loss and, in a fast market, beyond it. The lead trader is another member,
            not an adviser. They earn {terms.profitSharePct}% of your copy's realised profit above its
            previous high, settled when the copy stops.
          </Trans>
        </p>
        <label className="risk-text__accept">
          <input
            type="checkbox"
            checked={accepted}
            onChange={(event) => setAccepted(event.target.checked)}
            data-testid="risk-accept"
          />
          <Trans>I have read and accept these risks</Trans>
        </label>
      </div>
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={busy}
        data-testid="copy-submit"
      >
        <Trans>Start copying</Trans>
      </button>
      {confirm.element}
    </form>
  );
}

/** `/gdindex/gdList`: the member's follow orders, in progress and ended. */
export function FollowOrdersScreen() {
  const session = useSessionState();
  const [tab, setTab] = useState<"active" | "stopped">("active");
  const copies = useEndpoint(followApi.copies, { query: {} });
  const { t } = useLingui();
  return (
    <>
      <PageHeader back="/gdindex/gdindex" title={<Trans>Follow orders</Trans>} />
      <main className="form-page">
        {!session && <SignInNeeded />}
        {session && (
          <ChoiceChips
            name="copy-status"
            legend={<Trans>Status</Trans>}
            legendHidden
            value={tab}
            onChange={setTab}
            choices={[
              { value: "active", label: t({ message: "In progress", context: "copy status" }) },
              { value: "stopped", label: t({ message: "Ended", context: "copy status" }) },
            ]}
          />
        )}
        {session && copies.status === "loading" && <div className="panel" aria-busy="true" />}
        {session && copies.status === "error" && <LoadProblem error={copies.error} onRetry={copies.reload} />}
        {session && copies.status === "ready" && (
          <CopyList
            copies={copies.value.items.filter((copy) => copy.status === tab)}
            onDone={afterOwnAction}
          />
        )}
      </main>
    </>
  );
}

function CopyList({ copies, onDone }: { copies: Copy[]; onDone: () => void }) {
  if (copies.length === 0)
    return (
      <div className="empty">
        <p>
          <Trans>No follow orders here.</Trans>
        </p>
        <Link href="/gdindex/gdindex" className="button button--outline">
          <Trans>Find a lead trader</Trans>
        </Link>
      </div>
    );
  return (
    <ul className="request-list" data-testid="copies">
      {copies.map((copy) => (
        <CopyRow key={copy.id} copy={copy} onDone={onDone} />
      ))}
    </ul>
  );
}

function CopyRow({ copy: answer, onDone }: { copy: Copy; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const copy = { ...answer, nickname: copyNicknameIn(answer, locale) };
  const [keys] = useState(() => new IntentKeys());
  const confirm = useConfirmStep();
  const [busy, setBusy] = useState(false);
  const [funding, setFunding] = useState(false);
  const money = (value: string | bigint) => formatMoney(value, copy.currency, locale);
  const profit = BigInt(copy.profit);
  const heldMs = (copy.stoppedAtMs ?? Date.now()) - copy.startedAtMs;
  const heldDays = Math.max(0, Math.floor(heldMs / 86_400_000));

  /** Stopping closes the copy's positions at market: the confirmation step says so first. */
  function askStop() {
    confirm.ask({
      title: <Trans>Stop copying {copy.nickname}?</Trans>,
      rows: [
        { label: <Trans>Amount</Trans>, value: money(copy.invested) },
        {
          label: <Trans>Equity now</Trans>,
          value: money(copy.equity),
          testId: "confirm-required",
          strong: true,
        },
      ],
      note: (
        <Trans>
          The copy's positions close at market, the lead's profit share is settled, and the rest returns to
          your available cash.
        </Trans>
      ),
      confirmLabel: <Trans>Stop copying</Trans>,
      send: stop,
    });
  }

  async function stop(pin: string | undefined) {
    setBusy(true);
    try {
      await call(
        followApi.stopCopy,
        { params: { id: copy.id } },
        { idempotencyKey: keys.keyFor(`stop:${copy.id}`), tradingPin: pin },
      );
      keys.settle();
      notifySuccess(t`The copy has stopped and its money is back in your available cash`);
      onDone();
    } catch (error) {
      keys.settle(error);
      if (isPinRefusal(error)) throw error;
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="request-row" data-testid="copy" data-status={copy.status}>
      <div className="request-row__main">
        <Link href={`/gdindex/gdindex?id=${copy.leadId}`} className="copy-row__lead">
          <Avatar avatar={copy.avatar} nickname={copy.nickname} /> {copy.nickname}
        </Link>
        <span className="status-tag" data-status={copy.status === "active" ? "pending" : "done"}>
          {copy.status === "active" ? (
            <Trans context="copy status">In progress</Trans>
          ) : (
            i18n._(stopReasons[copy.stopReason ?? "member"])
          )}
        </span>
      </div>
      <dl className="breakdown">
        <div className="breakdown__row">
          <dt>
            <Trans>Amount</Trans>
          </dt>
          <dd className="num" data-testid="copy-invested">
            {money(copy.invested)}
          </dd>
        </div>
        {copy.status === "active" && (
          <div className="breakdown__row">
            <dt>
              <Trans>Equity now</Trans>
            </dt>
            <dd className="num" data-testid="copy-equity">
              {money(copy.equity)}
            </dd>
          </div>
        )}
        <div className="breakdown__row">
          <dt>
            <Trans>Profit and loss</Trans>
          </dt>
          <dd className={`num ${toneOf(profit)}`} data-testid="copy-profit">
            {formatSignedMoney(profit, copy.currency, locale)}
          </dd>
        </div>
        <div className="breakdown__row">
          <dt>
            <Trans>Holding time</Trans>
          </dt>
          <dd className="num">
            <Trans>{heldDays} days</Trans>
          </dd>
        </div>
        <div className="breakdown__row">
          <dt>
            <Trans>Copy stop-loss</Trans>
          </dt>
          <dd className="num">
            {copy.stopLossPct}% ({money(copy.floor)})
          </dd>
        </div>
        <div className="breakdown__row breakdown__row--minor">
          <dt>
            <Trans>Open copied positions</Trans>
          </dt>
          <dd className="num" data-testid="copy-open-mirrors">
            {copy.openMirrors}
          </dd>
        </div>
        <div className="breakdown__row breakdown__row--minor">
          <dt>
            <Trans>Trades skipped (too small to copy)</Trans>
          </dt>
          <dd className="num">{copy.skippedMirrors}</dd>
        </div>
        <div className="breakdown__row breakdown__row--minor">
          <dt>
            <Trans>Profit share paid</Trans>
          </dt>
          <dd className="num">{money(copy.profitSharePaid)}</dd>
        </div>
        <div className="breakdown__row breakdown__row--minor">
          <dt>
            <Trans>Started</Trans>
          </dt>
          <dd className="num">{requestTime(copy.startedAtMs, locale)}</dd>
        </div>
        {copy.status === "active" && (
          <div className="breakdown__row breakdown__row--minor">
            <dt>
              <Trans>Follow period ends</Trans>
            </dt>
            <dd className="num">{requestTime(copy.endsAtMs, locale)}</dd>
          </div>
        )}
      </dl>
      {copy.status === "active" && (
        <div className="copy-row__actions">
          <button
            type="button"
            className="button button--outline button--small"
            onClick={() => setFunding(!funding)}
            data-testid="copy-funds"
          >
            <Trans>Add or take out money</Trans>
          </button>
          {confirm.element}
          <button
            type="button"
            className="button button--primary button--small"
            onClick={askStop}
            disabled={busy}
            data-testid="copy-stop-now"
          >
            <Trans>Stop copying</Trans>
          </button>
        </div>
      )}
      {copy.status === "active" && funding && (
        <FundsForm
          copy={copy}
          onDone={() => {
            // The list stays on screen while it is read again: close the form as a fresh row would have it.
            setFunding(false);
            onDone();
          }}
        />
      )}
    </li>
  );
}

function FundsForm({ copy, onDone }: { copy: Copy; onDone: () => void }) {
  const { t } = useLingui();
  const [direction, setDirection] = useState<"add" | "remove">("add");
  const [amount, setAmount] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [keys] = useState(() => new IntentKeys());
  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = amountError(amount, copy.currency);
    setErrors(problem ? { amount: problem } : {});
    const minor = parseAmount(amount, copy.currency);
    if (problem || minor === undefined) return;
    const body = { direction, amount: amountForServer(minor, copy.currency) };
    try {
      await call(
        followApi.changeFunds,
        { params: { id: copy.id }, body },
        { idempotencyKey: keys.keyFor(JSON.stringify(body)) },
      );
      keys.settle();
      notifySuccess(direction === "add" ? t`Money added to the copy` : t`Money taken out of the copy`);
      setAmount("");
      onDone();
    } catch (error) {
      keys.settle(error);
      setErrors({ amount: errorCode(error) });
      notifyError(error);
    }
  }
  return (
    <form className="repay-form" onSubmit={submit} noValidate data-testid="copy-funds-form">
      <ChoiceChips
        name={`copy-funds-${copy.id}`}
        legend={<Trans>Direction</Trans>}
        legendHidden
        value={direction}
        onChange={setDirection}
        choices={[
          { value: "add", label: t`Add` },
          { value: "remove", label: t`Take out` },
        ]}
      />
      <AmountField
        id={`copy-funds-amount-${copy.id}`}
        label={<Trans>Amount ({copy.currency})</Trans>}
        currency={copy.currency}
        value={amount}
        onChange={setAmount}
        error={errors.amount}
      />
      <button type="submit" className="button button--primary button--small">
        <Trans>Confirm</Trans>
      </button>
    </form>
  );
}

const applicationStatus: Record<LeadApplication["status"], MessageDescriptor> = {
  pending: msg({ message: "Under review", context: "lead application" }),
  approved: msg({ message: "Approved: you are on the leaderboard", context: "lead application" }),
  rejected: msg({ message: "Rejected", context: "lead application" }),
  suspended: msg({ message: "Suspended", context: "lead application" }),
};

/** Applying to lead: a nickname, an avatar, a short bio and the book; operations decide. */
function BecomeLead() {
  const { t, i18n } = useLingui();
  const mine = useEndpoint(followApi.myApplication, {});
  const [open, setOpen] = useState(false);
  const [nickname, setNickname] = useState("");
  const [avatar, setAvatar] = useState<LeadSummary["avatar"]>("owl");
  const [bio, setBio] = useState("");
  const [currency, setCurrency] = useState<"JPY" | "USD">("JPY");
  const [error, setError] = useState<string>();
  const [keys] = useState(() => new IntentKeys());
  if (mine.status !== "ready") return null;
  const application = mine.value.application;
  if (application && application.status !== "rejected")
    return (
      <section className="panel" data-testid="lead-application">
        <h3 className="panel__title">
          <Trans>Your application to lead</Trans>
        </h3>
        <p>
          {application.nickname}: {i18n._(applicationStatus[application.status])}
        </p>
      </section>
    );
  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { nickname, avatar, bio, currency };
    try {
      // The application makes the member's own stale: it is read again and shown.
      await call(followApi.applyToLead, { body }, { idempotencyKey: keys.keyFor(JSON.stringify(body)) });
      keys.settle();
      notifySuccess(t`Application sent for review`);
    } catch (failure) {
      keys.settle(failure);
      setError(errorCode(failure));
      notifyError(failure);
    }
  }
  if (!open)
    return (
      <button type="button" className="button button--outline button--block" onClick={() => setOpen(true)}>
        <Trans>Become a lead trader</Trans>
      </button>
    );
  return (
    <form className="panel" onSubmit={submit} noValidate data-testid="lead-apply">
      <h3 className="panel__title">
        <Trans>Become a lead trader</Trans>
      </h3>
      <p className="field__hint">
        <Trans>
          Verified members with a few closed trades can apply. Your nickname, avatar and bio are public; your
          name and balances never are. Your record is computed from your own trades.
        </Trans>
      </p>
      <div className="field">
        <label className="field__label" htmlFor="lead-nickname">
          <Trans>Nickname</Trans>
        </label>
        <input
          id="lead-nickname"
          className="field__input"
          value={nickname}
          maxLength={20}
          onChange={(event) => setNickname(event.target.value)}
        />
      </div>
      <ChoiceChips
        name="lead-avatar"
        legend={<Trans>Avatar colour</Trans>}
        value={avatar}
        onChange={setAvatar}
        look="chips"
        choices={leadAvatars.map((value) => ({
          value,
          label: (
            <>
              <span className="lead-avatar lead-avatar--small" style={{ background: avatarColours[value] }} />
              <span className="visually-hidden">{value}</span>
            </>
          ),
        }))}
      />
      <div className="field">
        <label className="field__label" htmlFor="lead-bio">
          <Trans>Short bio (any language)</Trans>
        </label>
        <textarea
          id="lead-bio"
          className="field__input"
          rows={3}
          maxLength={280}
          value={bio}
          onChange={(event) => setBio(event.target.value)}
        />
      </div>
      <ChoiceChips
        name="lead-currency"
        legend={<Trans>Currency</Trans>}
        value={currency}
        onChange={setCurrency}
        choices={[
          { value: "JPY", label: "JPY" },
          { value: "USD", label: "USD" },
        ]}
      />
      {error && (
        <p className="field__error" role="alert">
          {errorMessage(i18n, error)}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" data-testid="lead-apply-submit">
        <Trans>Apply</Trans>
      </button>
    </form>
  );
}
