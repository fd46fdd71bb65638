import type { AccountEvent, AccountSummary, Order, Position, Quote } from "@kabuto/shared";
import { quoteTopic } from "@kabuto/shared";
import type { CallInput, EndpointResponse, EndpointSpec } from "@kabuto/shared/endpoint";
import { tradingApi } from "@kabuto/shared/endpoints/trading";
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useEffect, useMemo } from "react";
import { notifyInfo } from "../../lib/notify.ts";
import {
  keyOf,
  queryClient,
  refreshAccountReads,
  refreshOnAccountEvent,
  useEndpoint,
} from "../../lib/queries.ts";
import { AccountSequence } from "../../state/account-sequence.ts";
import { currentSession, subscribeSession, useSessionState } from "../../state/session.ts";
import { acquireTopic, listenTopic } from "../../state/socket.ts";
import { atom, type Getter, store, useValue } from "../../state/store.ts";
import { readTopic } from "../../state/topic-atoms.ts";
import { useHeldQuotes } from "../../state/topics.ts";
import { accountTotals, type CurrencyTotals } from "./pnl.ts";

/**
 * The member's balances, positions and pending orders, read through the query cache
 * (`useEndpoint`): the declarations say which account events make them stale.
 *
 * This module is the one listener of the private `account` topic: each event makes the reads
 * it changes stale (`refreshOnAccountEvent`), and a sign that events were missed (a gap in its
 * seq, a new epoch, a new subscription) makes every account read stale (`refreshAccountReads`).
 * Events usually come in bursts (an order, its position and its balance): they are passed on
 * once the burst is over, so a burst costs one round of requests.
 *
 * Where the gateway refuses the `account` topic, the screens re-read after each of the member's
 * own actions instead (`afterOwnAction`); changes made elsewhere (a limit order filled by the
 * worker) then show on the next visit.
 */

/** The last answer (kept while a re-read is under way or after it failed) and the last failure. */
export interface Loaded<T> {
  value: T | undefined;
  error: unknown;
}

export type AccountFeedStatus = "off" | "waiting" | "live" | "refused";

/** Events usually come in bursts (order, position, balance): one re-read after the burst. */
const refetchDebounceMs = 200;

/** The inputs the screens read with: the cache keys of the offline copy and of `apply*` below. */
const accountInput = {};
const holdingInput = { query: { status: "holding" } } as const;
const closedInput = { query: { status: "closed" } } as const;
const pendingInput = { query: { status: "pending" } } as const;

const feedStatusAtom = atom<AccountFeedStatus>("off");
const sequence = new AccountSequence();
let refetchTimer: ReturnType<typeof setTimeout> | undefined;
/** The event types of the burst under way; "gap" when events were missed meanwhile. */
const burst = new Set<AccountEvent["type"] | "gap">();
let stopFeed: (() => void) | undefined;

/** The member's cache key of a read, as `useEndpoint` keeps it; undefined while signed out. */
function keyFor(spec: EndpointSpec, input: unknown): unknown[] | undefined {
  const account = currentSession()?.account;
  return account ? keyOf(spec, input, account) : undefined;
}

function cached<Spec extends EndpointSpec>(
  spec: Spec,
  input: CallInput<Spec>,
): EndpointResponse<Spec> | undefined {
  const key = keyFor(spec, input);
  return key ? queryClient.getQueryData<EndpointResponse<Spec>>(key) : undefined;
}

/** The balances and open positions as last read, for the offline copy (offline/last-state.ts). */
export function tradingSnapshot(): { account: AccountSummary | undefined; holding: Position[] | undefined } {
  return {
    account: cached(tradingApi.account, accountInput),
    holding: cached(tradingApi.positions, holdingInput)?.items,
  };
}

/**
 * Shows a kept copy where nothing has been read yet (the app opened offline). The next
 * successful read replaces it, as any re-read does.
 */
export function restoreTrading(account: AccountSummary | undefined, holding: Position[] | undefined): void {
  const accountKey = keyFor(tradingApi.account, accountInput);
  const holdingKey = keyFor(tradingApi.positions, holdingInput);
  if (account && accountKey && queryClient.getQueryData(accountKey) === undefined)
    queryClient.setQueryData(accountKey, account);
  if (holding && holdingKey && queryClient.getQueryData(holdingKey) === undefined)
    queryClient.setQueryData(holdingKey, { items: holding });
}

/** Passes the burst's events on to the query cache once it is over. */
function refreshAfterBurst(type: AccountEvent["type"] | "gap"): void {
  burst.add(type);
  if (refetchTimer !== undefined) return;
  refetchTimer = setTimeout(() => {
    refetchTimer = undefined;
    const types = [...burst];
    burst.clear();
    if (types.includes("gap")) refreshAccountReads();
    else for (const each of types) if (each !== "gap") refreshOnAccountEvent(each);
  }, refetchDebounceMs);
}

/**
 * Called after each of the member's own orders, closes and margin changes. With a live
 * `account` topic the server's event brings the re-read; without one, this does.
 */
export function afterOwnAction(): void {
  if (store.get(feedStatusAtom) === "live") return;
  refreshAccountReads();
}

function startFeed(): void {
  if (stopFeed || !currentSession()) return;
  sequence.reset();
  store.set(feedStatusAtom, "waiting");
  // Listen first: the subscribe ack may come back before acquireTopic returns to us.
  const stopListening = listenTopic("account", {
    update(update) {
      const verdict = sequence.judge(update.epoch, update.seq);
      if (verdict === "gap") refreshAfterBurst("gap");
      else if (verdict === "next" && update.topic === "account") refreshAfterBurst(update.data.type);
      // The house closed a day trade at the cut-off: the member hears it wherever they are.
      if (verdict !== "duplicate" && update.topic === "account" && update.data.type === "day_trade_cutoff")
        notifyInfo(i18n._(msg`Your day trade was closed at the cut-off, before the session's close.`));
    },
    granted() {
      // A first or a renewed subscription: events may have been missed meanwhile.
      sequence.reset();
      store.set(feedStatusAtom, "live");
      refreshAccountReads();
    },
    refused(code) {
      console.warn("account topic refused; re-reading after own actions instead", code);
      store.set(feedStatusAtom, "refused");
    },
  });
  const release = acquireTopic("account");
  stopFeed = () => {
    stopListening();
    release();
    stopFeed = undefined;
    store.set(feedStatusAtom, "off");
  };
}

/** A new member's events are theirs alone: the feed starts again for whoever signs in next. */
function onSessionChange(): void {
  stopFeed?.();
  if (refetchTimer !== undefined) clearTimeout(refetchTimer);
  refetchTimer = undefined;
  burst.clear();
}

subscribeSession(onSessionChange);

/**
 * The account feed, once started by a screen that shows the account, runs until the member
 * signs out: an event while no screen shows the account costs nothing, and moving between
 * screens does not churn it.
 */
function useAccountFeed(): void {
  const session = useSessionState();
  useEffect(() => {
    if (session) startFeed();
  }, [session]);
}

/**
 * A screen whose declared reads change with the member's account events (`changesWith`) but that
 * shows no account resource: the account feed runs while it shows, so those events arrive.
 */
export function useAccountEvents(): void {
  useAccountFeed();
}

/** A read of the account through the query cache, keeping its last answer after a failed re-read. */
function useAccountRead<Spec extends EndpointSpec, T>(
  spec: Spec,
  input: CallInput<Spec>,
  pick: (answer: EndpointResponse<Spec>) => T,
): Loaded<T> {
  useAccountFeed();
  const state = useEndpoint(spec, input);
  const session = useSessionState();
  const kept =
    state.status === "error" && session
      ? queryClient.getQueryData<EndpointResponse<Spec>>(keyOf(spec, input, session.account))
      : undefined;
  const answer = state.status === "ready" ? state.value : kept;
  const value = useMemo(() => (answer === undefined ? undefined : pick(answer)), [answer, pick]);
  return { value, error: state.status === "error" ? state.error : undefined };
}

const whole = <T>(answer: T): T => answer;
const itemsOf = <T>(answer: { items: T[] }): T[] => answer.items;

export function useAccountSummary(): Loaded<AccountSummary> {
  return useAccountRead(tradingApi.account, accountInput, whole);
}

export function useHoldingPositions(): Loaded<Position[]> {
  return useAccountRead(tradingApi.positions, holdingInput, itemsOf);
}

export function useClosedPositions(): Loaded<Position[]> {
  return useAccountRead(tradingApi.positions, closedInput, itemsOf);
}

export function usePendingOrders(): Loaded<Order[]> {
  return useAccountRead(tradingApi.orders, pendingInput, itemsOf);
}

export function useAccountFeedStatus(): AccountFeedStatus {
  return useValue(feedStatusAtom);
}

/** Puts `update` over a cached list answer, where one has been read. */
function updateList<T>(key: unknown[] | undefined, update: (items: T[]) => T[]): void {
  if (!key) return;
  queryClient.setQueryData<{ items: T[] }>(key, (previous) =>
    previous ? { ...previous, items: update(previous.items) } : previous,
  );
}

/**
 * Puts a position the server just returned (closed, or with margin added) into the lists at
 * once; the re-read that follows confirms it.
 */
export function applyPosition(position: Position): void {
  const without = (list: Position[]) => list.filter((item) => item.id !== position.id);
  updateList<Position>(keyFor(tradingApi.positions, holdingInput), (list) =>
    position.status === "holding" ? without(list).concat(position).sort(newestFirst) : without(list),
  );
  updateList<Position>(keyFor(tradingApi.positions, closedInput), (list) =>
    position.status === "closed" ? without(list).concat(position).sort(newestFirst) : list,
  );
}

/** Puts an order the server just returned (placed or cancelled) into the pending list at once. */
export function applyOrder(order: Order): void {
  updateList<Order>(keyFor(tradingApi.orders, pendingInput), (list) => {
    const without = list.filter((item) => item.id !== order.id);
    return order.status === "pending" ? without.concat(order).sort(newestFirst) : without;
  });
}

/** Ids are increasing integers: the lists come newest first. */
function newestFirst(a: { id: string }, b: { id: string }): number {
  return Number(b.id) - Number(a.id);
}

/** The account centre's figures per currency, live; undefined until balances and positions are read. */
export function useAccountTotals(): { totals: CurrencyTotals[] | undefined; error: unknown } {
  const account = useAccountSummary();
  const holding = useHoldingPositions();
  useHeldQuotes(holding.value?.map((position) => position.symbol) ?? []);
  // Balances with the live P&L of holding positions: re-computed on each tick of their quotes.
  const totalsAtom = useMemo(
    () =>
      atom((get: Getter): CurrencyTotals[] | undefined => {
        if (!account.value || !holding.value) return undefined;
        return accountTotals(
          account.value.balances,
          holding.value,
          (symbol) => (readTopic(get, quoteTopic(symbol)) as Quote | undefined)?.last,
        );
      }),
    [account.value, holding.value],
  );
  const totals = useValue(totalsAtom);
  return { totals, error: account.error ?? holding.error };
}
