import type { AccountEvent } from "@kabuto/shared/protocol/socket";
import { useEffect } from "react";
import { features } from "../app/features.ts";
import { refreshAccountReads, refreshOnAccountEvent } from "../lib/query-client.ts";
import { AccountSequence } from "./account-sequence.ts";
import { currentSession, subscribeSession, useSessionState } from "./session.ts";
import { acquireTopic, listenTopic } from "./socket.ts";
import { atom, store, useValue } from "./store.ts";

/**
 * The one listener of the member's private `account` topic. Each event makes the answers it
 * changes stale in the query cache (`refreshOnAccountEvent`, by the types reads declare in
 * `changesWith`), and a sign that events were missed (a gap in its seq, a new epoch, a new
 * subscription) makes every account read stale (`refreshAccountReads`). Events usually come in
 * bursts (an order, its position and its balance): they are passed on once the burst is over,
 * so a burst costs one round of requests.
 *
 * Where the gateway refuses the `account` topic, the screens re-read after each of the member's
 * own actions instead (`afterOwnAction`); changes made elsewhere (a limit order filled by the
 * worker) then show on the next visit.
 */

export type AccountFeedStatus = "off" | "waiting" | "live" | "refused";

/** Events usually come in bursts (order, position, balance): one re-read after the burst. */
const refetchDebounceMs = 200;

const feedStatusAtom = atom<AccountFeedStatus>("off");
const sequence = new AccountSequence();
let refetchTimer: ReturnType<typeof setTimeout> | undefined;
/** The event types of the burst under way; "gap" when events were missed meanwhile. */
const burst = new Set<AccountEvent["type"] | "gap">();
let stopFeed: (() => void) | undefined;

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
      // What a feature tells the member wherever they are (a day trade closed, an alert fired).
      if (verdict !== "duplicate" && update.topic === "account") {
        const { type, id } = update.data;
        for (const feature of features) feature.accountEvents?.[type]?.(id);
      }
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
export function useAccountFeed(wanted = true): void {
  const session = useSessionState();
  useEffect(() => {
    if (wanted && session) startFeed();
  }, [wanted, session]);
}

export function useAccountFeedStatus(): AccountFeedStatus {
  return useValue(feedStatusAtom);
}
