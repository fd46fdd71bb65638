import type { OrderType } from "@kabuto/shared/api/trading";
import type { OrderVenue } from "@kabuto/shared/market/venues";
import type { PtsPhase, SessionPhase } from "@kabuto/shared/protocol/market-data";

/**
 * Where a Tokyo order may go at this moment, and where it goes unless the member says otherwise:
 * the order sheet's venue choice, kept pure so the rules that mirror the server are tested here.
 */

/** The two Tokyo clocks as `session:JP` carries them; undefined until the feed has said. */
export interface VenueClock {
  tse: SessionPhase | undefined;
  pts: PtsPhase | undefined;
}

/** The TSE in its session (not at lunch): margin at the PTS needs it, as the server checks. */
export function tseInSession(clock: VenueClock): boolean {
  return clock.tse === "regular";
}

export function ptsOpen(clock: VenueClock): boolean {
  return clock.pts === "day" || clock.pts === "night";
}

/** The PTS takes limit orders only (J-Market): no market order and no stop of either kind. */
export function ptsTakes(type: OrderType): boolean {
  return type === "limit";
}

/**
 * Whether `venue` takes an order of `type` now, as the server decides: the PTS while in one of
 * its sessions, for limit orders; the smart route for market orders while the TSE trades (it
 * compares both books at arrival); the TSE always (its own checks on the session still apply).
 */
export function venueTakes(venue: OrderVenue, type: OrderType, clock: VenueClock): boolean {
  switch (venue) {
    case "tse":
      return true;
    case "pts":
      return ptsOpen(clock) && ptsTakes(type);
    case "smart":
      return clock.tse === "regular" && type === "market";
  }
}

/**
 * The venue a new order starts with: in the TSE's session, the smart route for a market order
 * (the better of both books, the saving the member's) and the TSE for a limit; outside it, the
 * PTS while one of its sessions runs; otherwise the TSE.
 */
export function defaultVenue(type: OrderType, clock: VenueClock): OrderVenue {
  if (clock.tse === "regular") return type === "market" ? "smart" : "tse";
  if (ptsOpen(clock) && ptsTakes(type)) return "pts";
  return "tse";
}

/**
 * Whether the sheet opens on the PTS (a limit order at 1×, for today): the TSE is out of its
 * session (at night, early in the morning, at lunch) and the PTS is in one of its own.
 */
export function opensAtPts(clock: VenueClock): boolean {
  return !tseInSession(clock) && ptsOpen(clock);
}

/** The venue the order goes to: the member's choice while it takes the order, else the default. */
export function venueFor(chosen: OrderVenue | undefined, type: OrderType, clock: VenueClock): OrderVenue {
  return chosen !== undefined && venueTakes(chosen, type, clock) ? chosen : defaultVenue(type, clock);
}

/** Most leverage an order at `venue` may take now: a PTS order outside the TSE's hours is a cash (1×) order. */
export function venueLeverageMax(venue: OrderVenue, clock: VenueClock): number | undefined {
  return venue === "pts" && !tseInSession(clock) ? 1 : undefined;
}
