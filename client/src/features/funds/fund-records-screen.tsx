import { Tabs } from "@base-ui/react/tabs";
import type { FundRecord } from "@kabuto/shared/api/trading";
import { formatDateTime } from "@kabuto/shared/format";
import { marketZone } from "@kabuto/shared/symbols";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { features } from "../../app/features.ts";
import { PageHeader } from "../../app/page-header.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { errorCode } from "../../lib/api-error.ts";
import { errorMessage } from "../../lib/error-messages.ts";
import { useInView } from "../../lib/use-in-view.ts";
import { useSessionState } from "../../state/session.ts";
import { dividendDetailPath } from "../dividends/dividends-api.ts";
import { formatSignedMoney, toneOf } from "../trading/figures.tsx";
import { positionDetailPath } from "../trading/paths.ts";
import {
  appendPage,
  codedMemo,
  type Move,
  memoRole,
  nextCursor,
  pageKey,
  parseRef,
  summarizeChanges,
} from "./fund-record.ts";
import { type FundRecordFilter, fetchFundRecords } from "./funds-api.ts";
import { useRecordMemo } from "./memo-text.ts";
import "./funds.css";

/** Records per request: a screenful and a half, so scrolling rarely waits. */
const pageSize = 30;

const filters = ["all", "deposit", "withdrawal", "trade", "exchange"] as const;
type Filter = (typeof filters)[number];

function isFilter(value: unknown): value is Filter {
  return (filters as readonly unknown[]).includes(value);
}

/**
 * Why a journal exists, in each product's words (its feature's `recordKinds`); a kind from a
 * newer server shows as itself.
 */
const kindLabels: Readonly<Record<string, MessageDescriptor>> = Object.assign(
  {},
  ...features.map((feature) => feature.recordKinds ?? {}),
);

const purposeLabels: Record<string, MessageDescriptor> = {
  available: msg({ message: "Available", context: "fund record" }),
  held: msg({ message: "Held", context: "fund record" }),
  margin: msg({ message: "Margin", context: "fund record" }),
  deficit: msg({ message: "Owed", context: "fund record" }),
  loan: msg({ message: "Loan owed", context: "fund record" }),
  copy: msg({ message: "In copies", context: "fund record" }),
};

/**
 * `/user/FundingDetails`: the member's fund records, all or by deposits, withdrawals, trades and
 * exchanges; each with its remark (an adjustment's reason, a returned withdrawal's reason).
 */
export function FundRecordsScreen() {
  const session = useSessionState();
  const [filter, setFilter] = useState<Filter>("all");
  return (
    <>
      <PageHeader back="/user/usercenter" title={<Trans>Fund records</Trans>} />
      {session ? (
        <Tabs.Root value={filter} onValueChange={(value) => isFilter(value) && setFilter(value)}>
          <Tabs.List className="underline-tabs funds-tabs">
            <Tabs.Tab className="underline-tabs__tab" value="all">
              <Trans>All</Trans>
            </Tabs.Tab>
            <Tabs.Tab className="underline-tabs__tab" value="deposit">
              <Trans>Deposits</Trans>
            </Tabs.Tab>
            <Tabs.Tab className="underline-tabs__tab" value="withdrawal">
              <Trans>Withdrawals</Trans>
            </Tabs.Tab>
            <Tabs.Tab className="underline-tabs__tab" value="trade">
              <Trans context="fund records tab">Trades</Trans>
            </Tabs.Tab>
            <Tabs.Tab className="underline-tabs__tab" value="exchange">
              <Trans>Exchanges</Trans>
            </Tabs.Tab>
            <Tabs.Indicator className="underline-tabs__indicator" />
          </Tabs.List>
          <RecordList key={`${session.account}:${filter}`} filter={filter} />
        </Tabs.Root>
      ) : (
        <div className="empty">
          <p>
            <Trans>Sign in to see your fund records.</Trans>
          </p>
          <Link href="/login/login" className="button button--primary">
            <Trans>Sign in</Trans>
          </Link>
        </div>
      )}
    </>
  );
}

interface ListState {
  items: FundRecord[];
  /** The id to page back from, undefined when the oldest record is shown. */
  before: number | undefined;
  done: boolean;
  loading: boolean;
  error: unknown;
}

/** Records newest first, the next page loading as the list's end comes into view. */
function RecordList({ filter }: { filter: Filter }) {
  const { i18n } = useLingui();
  const [state, setState] = useState<ListState>({
    items: [],
    before: undefined,
    done: false,
    loading: false,
    error: undefined,
  });
  const end = useRef<HTMLDivElement>(null);
  const endInView = useInView(end);
  const type: FundRecordFilter | undefined = filter === "all" ? undefined : filter;
  /**
   * The cursor of the page last asked for: each page is asked for once. A flag cleared when the
   * answer comes is not enough: an effect of a render committed before the answer may still run
   * after it, see the flag down and the old cursor, and load the same page again.
   */
  const requested = useRef<string | undefined>(undefined);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Loads the next page while the end is in view: again after each page, until the list is done.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page to load is in `state`
  useEffect(() => {
    if (state.done || state.error !== undefined) return;
    if (state.items.length > 0 && !endInView) return;
    const cursor = pageKey(state.before);
    if (requested.current === cursor) return;
    requested.current = cursor;
    setState((previous) => ({ ...previous, loading: true }));
    fetchFundRecords({ type, before: state.before, limit: pageSize }).then(
      (page) => {
        // Unmounted meanwhile (a hidden screen): the page is asked for again when it shows.
        if (!mounted.current) {
          requested.current = undefined;
          return;
        }
        setState((previous) => ({
          items: appendPage(previous.items, page),
          before: nextCursor(page),
          done: page.length < pageSize || nextCursor(page) === undefined,
          loading: false,
          error: undefined,
        }));
      },
      (error: unknown) => {
        // A failed page may be asked for again (the Try again button clears the error).
        requested.current = undefined;
        if (mounted.current) setState((previous) => ({ ...previous, loading: false, error }));
      },
    );
  }, [endInView, state.done, state.error, state.items.length]);

  if (state.items.length === 0 && state.done) {
    return (
      <p className="empty">
        <Trans>No records yet.</Trans>
      </p>
    );
  }
  return (
    <>
      <ul className="fund-list" data-testid="fund-records">
        {state.items.map((record) => (
          <RecordRow key={record.id} record={record} />
        ))}
      </ul>
      <div ref={end} className="fund-list__end">
        {state.loading && <span className="skeleton" style={{ width: "30%" }} />}
        {state.error !== undefined && (
          <>
            <span role="alert">{errorMessage(i18n, errorCode(state.error))}</span>
            <button
              type="button"
              className="button button--outline button--small"
              onClick={() => setState((previous) => ({ ...previous, error: undefined }))}
            >
              <Trans>Try again</Trans>
            </button>
          </>
        )}
        {state.done && state.items.length > 0 && <Trans>No more records.</Trans>}
      </div>
    </>
  );
}

function Amount({ move }: { move: Move }) {
  const locale = useLocale();
  return (
    <span className={`fund-row__amount num ${toneOf(move.amount)}`}>
      {formatSignedMoney(move.amount, move.currency, locale)}
    </span>
  );
}

function Reference({ reference }: { reference: string | null }) {
  const parsed = parseRef(reference);
  if (!parsed) return null;
  const { id } = parsed;
  switch (parsed.kind) {
    case "position":
      return (
        <Link href={positionDetailPath(id)} className="fund-row__ref">
          <Trans>Position No. {id}</Trans>
        </Link>
      );
    case "order":
      return (
        <span className="fund-row__ref">
          <Trans>Order No. {id}</Trans>
        </span>
      );
    case "deposit":
      return (
        <Link href="/user/recharge" className="fund-row__ref">
          <Trans>Deposit No. {id}</Trans>
        </Link>
      );
    case "withdrawal":
      return (
        <Link href="/user/withdraw" className="fund-row__ref">
          <Trans>Withdrawal No. {id}</Trans>
        </Link>
      );
  }
}

function Memo({ kind, memo }: { kind: string; memo: string }) {
  switch (memoRole(kind)) {
    case "remark":
      return (
        <span className="fund-row__remark" data-testid="fund-remark">
          <Trans>Remark: {memo}</Trans>
        </span>
      );
    case "reason":
      return (
        <span className="fund-row__remark" data-testid="fund-remark">
          <Trans>Reason: {memo}</Trans>
        </span>
      );
    case "plain":
      return (
        <span className="num" data-testid="fund-memo">
          {memo}
        </span>
      );
  }
}

function RecordRow({ record }: { record: FundRecord }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const memoOf = useRecordMemo();
  const summary = summarizeChanges(record.changes);
  const label = kindLabels[record.kind];
  const coded = codedMemo(record);
  const memo = memoOf(record);
  const secondary: ReactNode[] = summary.others.map((move) => {
    const purpose = purposeLabels[move.purpose];
    return (
      <span key={`${move.purpose}-${move.currency}`} className="fund-row__move">
        {purpose ? i18n._(purpose) : move.purpose} {formatSignedMoney(move.amount, move.currency, locale)}
      </span>
    );
  });
  return (
    <li className="fund-row" data-testid="fund-row" data-kind={record.kind}>
      <div className="fund-row__main">
        <span className="fund-row__kind">{label ? i18n._(label) : record.kind}</span>
        <span className="fund-row__amounts">
          {summary.available.map((move) => (
            <Amount key={move.currency} move={move} />
          ))}
        </span>
      </div>
      <div className="fund-row__details">
        {/* On Tokyo's clock, the home market's, wherever the member is. */}
        <span className="fund-row__time num">
          {formatDateTime(record.createdAtMs, locale, marketZone.JP)}
        </span>
        <span className="fund-row__moves num">{secondary}</span>
      </div>
      {(memo || parseRef(record.ref)) && (
        <p className="fund-row__memo">
          <Reference reference={record.ref} />
          {memo && <Memo kind={record.kind} memo={memo} />}
          {coded?.code === "dividend" && (
            <Link
              href={dividendDetailPath(`${coded.params.symbol}@${coded.params.exDate}`)}
              className="fund-row__ref"
              data-testid="fund-dividend-link"
            >
              <Trans>Dividend details</Trans>
            </Link>
          )}
        </p>
      )}
    </li>
  );
}
