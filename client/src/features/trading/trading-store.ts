import type { AccountSummary, Order, Position } from "@kabuto/shared/api/trading";
import type { CallInput, EndpointResponse, EndpointSpec } from "@kabuto/shared/endpoint";
import { tradingApi } from "@kabuto/shared/endpoints/trading";
import type { Quote } from "@kabuto/shared/protocol/market-data";
import { quoteTopic } from "@kabuto/shared/protocol/topics";
import { useMemo } from "react";
import { useEndpoint } from "../../lib/queries.ts";
import { keyOf, queryClient } from "../../lib/query-client.ts";
import { currentSession } from "../../state/session.ts";
import { atom, type Getter, useValue } from "../../state/store.ts";
import { readTopic } from "../../state/topic-atoms.ts";
import { useHeldQuotes } from "../../state/topics.ts";
import { accountTotals, type CurrencyTotals, type HoldingTotals, holdingTotals } from "./pnl.ts";

/**
 * The member's balances, positions and pending orders, read through the query cache
 * (`useEndpoint`): the declarations say which account events make them stale, and the account
 * feed (state/account-feed.ts) passes those events on. The offline copy and the answers of the
 * member's own orders and closes are put straight into the same cache.
 */

/** The last answer (kept while a re-read is under way or after it failed) and the last failure. */
export interface Loaded<T> {
  value: T | undefined;
  error: unknown;
}

/** The inputs the screens read with: the cache keys of the offline copy and of `apply*` below. */
const accountInput = {};
const holdingInput = { query: { status: "holding" } } as const;
const closedInput = { query: { status: "closed" } } as const;
const pendingInput = { query: { status: "pending" } } as const;

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

/** A read of the account through the query cache, keeping its last answer after a failed re-read. */
function useAccountRead<Spec extends EndpointSpec, T>(
  spec: Spec,
  input: CallInput<Spec>,
  pick: (answer: EndpointResponse<Spec>) => T,
): Loaded<T> {
  const state = useEndpoint(spec, input);
  const answer = state.last;
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

/**
 * The holdings list's summary per currency, live: re-computed on each tick of the positions'
 * quotes; undefined until the positions are read.
 */
export function useHoldingTotals(): HoldingTotals[] | undefined {
  const holding = useHoldingPositions();
  useHeldQuotes(holding.value?.map((position) => position.symbol) ?? []);
  const totalsAtom = useMemo(
    () =>
      atom((get: Getter): HoldingTotals[] | undefined =>
        holding.value
          ? holdingTotals(
              holding.value,
              (symbol) => (readTopic(get, quoteTopic(symbol)) as Quote | undefined)?.last,
            )
          : undefined,
      ),
    [holding.value],
  );
  return useValue(totalsAtom);
}
