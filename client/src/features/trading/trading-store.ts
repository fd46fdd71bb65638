import type { AccountSummary, Order, Position, Quote } from "@kabuto/shared";
import { quoteTopic } from "@kabuto/shared";
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useEffect } from "react";
import { notifyInfo } from "../../lib/notify.ts";
import { refreshAccountReads, refreshOnAccountEvent } from "../../lib/queries.ts";
import { AccountSequence } from "../../state/account-sequence.ts";
import { currentSession, subscribeSession, useSessionState } from "../../state/session.ts";
import { acquireTopic, listenTopic } from "../../state/socket.ts";
import { atom, type PrimitiveAtom, store, useValue } from "../../state/store.ts";
import { readTopic } from "../../state/topic-atoms.ts";
import { useHeldQuotes } from "../../state/topics.ts";
import { accountTotals, type CurrencyTotals } from "./pnl.ts";
import { fetchAccount, fetchOrders, fetchPositions } from "./trading-api.ts";

/**
 * The member's balances, positions and pending orders, as atoms that screens read.
 *
 * The server's word is re-read over HTTP: when a screen that shows it mounts, and, while one
 * does, whenever the private `account` topic says something changed (or that events were
 * missed: a gap in its seq, a new epoch, a new subscription). Re-reads are debounced so a burst
 * of events (an order, its position and its balance) costs one round of requests.
 *
 * Where the gateway refuses the `account` topic, the screens re-read after each of the member's
 * own actions instead (`afterOwnAction`); changes made elsewhere (a limit order filled by the
 * worker) then show on the next visit.
 */

interface Resources {
  account: AccountSummary;
  holding: Position[];
  closed: Position[];
  pending: Order[];
}
type Resource = keyof Resources;

/** The last answer (kept while a re-read is under way or after it failed) and the last failure. */
export interface Loaded<T> {
  value: T | undefined;
  error: unknown;
}

export type AccountFeedStatus = "off" | "waiting" | "live" | "refused";

/** Events usually come in bursts (order, position, balance): one re-read after the burst. */
const refetchDebounceMs = 200;

const loaders: { [R in Resource]: () => Promise<Resources[R]> } = {
  account: fetchAccount,
  holding: () => fetchPositions("holding"),
  closed: () => fetchPositions("closed"),
  pending: () => fetchOrders("pending"),
};

function loadedAtom<T>(): PrimitiveAtom<Loaded<T>> {
  return atom<Loaded<T>>({ value: undefined, error: undefined });
}

const atoms: { [R in Resource]: PrimitiveAtom<Loaded<Resources[R]>> } = {
  account: loadedAtom(),
  holding: loadedAtom(),
  closed: loadedAtom(),
  pending: loadedAtom(),
};
const resources = Object.keys(atoms) as Resource[];

const feedStatusAtom = atom<AccountFeedStatus>("off");
const wanted: Record<Resource, number> = { account: 0, holding: 0, closed: 0, pending: 0 };
const latestRequest: Record<Resource, number> = { account: 0, holding: 0, closed: 0, pending: 0 };
const sequence = new AccountSequence();
/** Bumped on every sign-in and sign-out, so an answer for the previous member is dropped. */
let generation = 0;
let refetchTimer: ReturnType<typeof setTimeout> | undefined;
let stopFeed: (() => void) | undefined;

function load<R extends Resource>(resource: R): void {
  if (!currentSession()) return;
  latestRequest[resource] += 1;
  const request = latestRequest[resource];
  const asked = generation;
  const current = () => request === latestRequest[resource] && asked === generation;
  const target = atoms[resource] as PrimitiveAtom<Loaded<Resources[R]>>;
  loaders[resource]().then(
    (value) => {
      if (current()) store.set(target, { value, error: undefined });
    },
    (error: unknown) => {
      if (current()) store.set(target, (previous) => ({ value: previous.value, error }));
    },
  );
}

/** The balances and open positions as last read, for the offline copy (offline/last-state.ts). */
export function tradingSnapshot(): { account: AccountSummary | undefined; holding: Position[] | undefined } {
  return { account: store.get(atoms.account).value, holding: store.get(atoms.holding).value };
}

/**
 * Shows a kept copy where nothing has been read yet (the app opened offline). The next
 * successful read replaces it, as any re-read does.
 */
export function restoreTrading(account: AccountSummary | undefined, holding: Position[] | undefined): void {
  if (account)
    store.set(atoms.account, (previous) =>
      previous.value ? previous : { value: account, error: undefined },
    );
  if (holding)
    store.set(atoms.holding, (previous) =>
      previous.value ? previous : { value: holding, error: undefined },
    );
}

/** Re-reads every resource a screen shows, once the current burst of changes is over. */
export function invalidateTrading(): void {
  if (refetchTimer !== undefined) return;
  refetchTimer = setTimeout(() => {
    refetchTimer = undefined;
    for (const resource of resources) if (wanted[resource] > 0) load(resource);
  }, refetchDebounceMs);
}

/**
 * Called after each of the member's own orders, closes and margin changes. With a live
 * `account` topic the server's event brings the re-read; without one, this does.
 */
export function afterOwnAction(): void {
  if (store.get(feedStatusAtom) === "live") return;
  invalidateTrading();
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
      // A support message moves no money: only a gap (something missed) calls for a re-read then.
      const support = update.topic === "account" && update.data.type === "support";
      if (verdict === "gap" || (verdict === "next" && !support)) invalidateTrading();
      if (verdict === "gap") refreshAccountReads();
      else if (verdict === "next" && update.topic === "account") refreshOnAccountEvent(update.data.type);
      // The house closed a day trade at the cut-off: the member hears it wherever they are.
      if (verdict !== "duplicate" && update.topic === "account" && update.data.type === "day_trade_cutoff")
        notifyInfo(i18n._(msg`Your day trade was closed at the cut-off, before the session's close.`));
    },
    granted() {
      // A first or a renewed subscription: events may have been missed meanwhile.
      sequence.reset();
      store.set(feedStatusAtom, "live");
      invalidateTrading();
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

/**
 * A screen shows `resource`: read it now, and keep it current until the returned function is
 * called. The account feed, once started, runs until the member signs out: an event while no
 * screen shows the account costs nothing, and moving between screens does not churn it.
 */
function retain(resource: Resource): () => void {
  wanted[resource] += 1;
  startFeed();
  load(resource);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    wanted[resource] -= 1;
  };
}

/** Screens showing the account depend on the session too: they read it afresh for the new member. */
function onSessionChange(): void {
  generation += 1;
  stopFeed?.();
  for (const resource of resources) {
    store.set(atoms[resource] as PrimitiveAtom<Loaded<unknown>>, { value: undefined, error: undefined });
  }
}

// Another member's money must never show: any sign-in or sign-out starts from nothing.
subscribeSession(onSessionChange);

function useResource<R extends Resource>(resource: R): Loaded<Resources[R]> {
  const session = useSessionState();
  useEffect(() => (session ? retain(resource) : undefined), [session, resource]);
  return useValue(atoms[resource]);
}

/**
 * A screen whose declared reads change with the member's account events (`changesWith`) but that
 * shows no account resource: the account feed runs while it shows, so those events arrive.
 */
export function useAccountEvents(): void {
  const session = useSessionState();
  useEffect(() => {
    if (session) startFeed();
  }, [session]);
}

export function useAccountSummary(): Loaded<AccountSummary> {
  return useResource("account");
}

export function useHoldingPositions(): Loaded<Position[]> {
  return useResource("holding");
}

export function useClosedPositions(): Loaded<Position[]> {
  return useResource("closed");
}

export function usePendingOrders(): Loaded<Order[]> {
  return useResource("pending");
}

export function useAccountFeedStatus(): AccountFeedStatus {
  return useValue(feedStatusAtom);
}

/**
 * Puts a position the server just returned (closed, or with margin added) into the lists at
 * once; the re-read that follows confirms it.
 */
export function applyPosition(position: Position): void {
  const without = (list: Position[] | undefined) => list?.filter((item) => item.id !== position.id);
  store.set(atoms.holding, (previous) => ({
    ...previous,
    value:
      position.status === "holding"
        ? without(previous.value)?.concat(position).sort(newestFirst)
        : without(previous.value),
  }));
  store.set(atoms.closed, (previous) => ({
    ...previous,
    value:
      position.status === "closed"
        ? without(previous.value)?.concat(position).sort(newestFirst)
        : previous.value,
  }));
}

/** Puts an order the server just returned (placed or cancelled) into the pending list at once. */
export function applyOrder(order: Order): void {
  store.set(atoms.pending, (previous) => {
    const without = previous.value?.filter((item) => item.id !== order.id);
    return {
      ...previous,
      value: order.status === "pending" ? without?.concat(order).sort(newestFirst) : without,
    };
  });
}

/** Ids are increasing integers: the lists come newest first. */
function newestFirst(a: { id: string }, b: { id: string }): number {
  return Number(b.id) - Number(a.id);
}

/** Balances with the live P&L of holding positions: re-computed on each tick of their quotes. */
const totalsAtom = atom((get): CurrencyTotals[] | undefined => {
  const account = get(atoms.account).value;
  const holding = get(atoms.holding).value;
  if (!account || !holding) return undefined;
  return accountTotals(
    account.balances,
    holding,
    (symbol) => (readTopic(get, quoteTopic(symbol)) as Quote | undefined)?.last,
  );
});

/** The account centre's figures per currency, live; undefined until balances and positions are read. */
export function useAccountTotals(): { totals: CurrencyTotals[] | undefined; error: unknown } {
  const account = useAccountSummary();
  const holding = useHoldingPositions();
  useHeldQuotes(holding.value?.map((position) => position.symbol) ?? []);
  const totals = useValue(totalsAtom);
  return { totals, error: account.error ?? holding.error };
}
