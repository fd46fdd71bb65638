import { Tabs } from "@base-ui/react/tabs";
import type { FundRecord } from "@kabuto/shared";
import { formatClock, formatDate } from "@kabuto/shared/format";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { PageHeader } from "../../app/page-header.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { errorCode } from "../../lib/api-error.ts";
import { errorMessage } from "../../lib/error-messages.ts";
import { useInView } from "../../lib/use-in-view.ts";
import { useSessionState } from "../../state/session.ts";
import { formatSignedMoney, toneOf } from "../trading/figures.tsx";
import { positionDetailPath } from "../trading/paths.ts";
import { type Move, nextCursor, parseRef, summarizeChanges } from "./fund-record.ts";
import { type FundRecordFilter, fetchFundRecords } from "./funds-api.ts";
import "./funds.css";

/** Records per request: a screenful and a half, so scrolling rarely waits. */
const pageSize = 30;
/** Records are shown in Tokyo time, the home market's clock. */
const recordZone = "Asia/Tokyo";

const filters = ["all", "deposit", "withdrawal", "trade"] as const;
type Filter = (typeof filters)[number];

function isFilter(value: unknown): value is Filter {
  return (filters as readonly unknown[]).includes(value);
}

/** Why a journal exists (the server's closed list of kinds); an unknown kind shows as itself. */
const kindLabels: Record<string, MessageDescriptor> = {
  deposit: msg({ message: "Deposit", context: "fund record" }),
  withdrawal: msg({ message: "Withdrawal", context: "fund record" }),
  order_hold: msg({ message: "Order hold", context: "fund record" }),
  order_release: msg({ message: "Hold released", context: "fund record" }),
  open: msg({ message: "Position opened", context: "fund record" }),
  close: msg({ message: "Position closed", context: "fund record" }),
  margin_add: msg({ message: "Margin added", context: "fund record" }),
  margin_call: msg({ message: "Margin call", context: "fund record" }),
  fee: msg({ message: "Trading fee", context: "fund record" }),
  tax: msg({ message: "Stamp duty", context: "fund record" }),
  adjustment: msg({ message: "Adjustment", context: "fund record" }),
  fx: msg({ message: "Currency exchange", context: "fund record" }),
};

const purposeLabels: Record<string, MessageDescriptor> = {
  available: msg({ message: "Available", context: "fund record" }),
  held: msg({ message: "Held", context: "fund record" }),
  margin: msg({ message: "Margin", context: "fund record" }),
  deficit: msg({ message: "Owed", context: "fund record" }),
};

/** `/user/FundingDetails`: the member's fund records, all or by deposits, withdrawals and trades. */
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
              <Trans>Trades</Trans>
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
  /** One request at a time; its answer is kept even if the end scrolls out meanwhile. */
  const inFlight = useRef(false);
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
    if (inFlight.current || state.done || state.error !== undefined) return;
    if (state.items.length > 0 && !endInView) return;
    inFlight.current = true;
    setState((previous) => ({ ...previous, loading: true }));
    fetchFundRecords({ type, before: state.before, limit: pageSize }).then(
      (page) => {
        inFlight.current = false;
        if (!mounted.current) return;
        setState((previous) => ({
          items: [...previous.items, ...page],
          before: nextCursor(page),
          done: page.length < pageSize || nextCursor(page) === undefined,
          loading: false,
          error: undefined,
        }));
      },
      (error: unknown) => {
        inFlight.current = false;
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
  if (parsed.kind === "position")
    return (
      <Link href={positionDetailPath(parsed.id)} className="fund-row__ref">
        <Trans>Position No. {parsed.id}</Trans>
      </Link>
    );
  return (
    <span className="fund-row__ref">
      <Trans>Order No. {parsed.id}</Trans>
    </span>
  );
}

function RecordRow({ record }: { record: FundRecord }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const summary = summarizeChanges(record.changes);
  const label = kindLabels[record.kind];
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
        <span className="fund-row__time num">
          {formatDate(record.createdAtMs, locale, recordZone)}{" "}
          {formatClock(record.createdAtMs, locale, recordZone)}
        </span>
        <span className="fund-row__moves num">{secondary}</span>
      </div>
      {(record.memo || parseRef(record.ref)) && (
        <p className="fund-row__memo">
          <Reference reference={record.ref} />
          {record.memo && <span className="num">{record.memo}</span>}
        </p>
      )}
    </li>
  );
}
