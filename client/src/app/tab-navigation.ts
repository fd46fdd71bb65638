import { navigate } from "./hash-location.ts";

/**
 * The bottom menu's history, as a phone app's: Home is where the app starts and where back ends.
 * A tab opened from Home is a step above it; switching between the other tabs swaps that step
 * rather than piling steps up; Home from any tab goes back down to the Home below, or becomes
 * the only step when there is none (the app was opened on another tab). So back, pressed from any
 * tab or any screen opened from one, walks back to that tab and then Home, and only then leaves.
 */
export const homePath = "/home/index";

/** The history state of a tab's entry opened from Home: Home is the entry below it. */
interface TabEntryState {
  aboveHome: true;
}

/** What a tap on a tab does: nothing (the tab is open), a step up, a swap, or back down to Home. */
export type TabMove = "stay" | "push" | "replace" | "back";

/**
 * The move for a tap on the tab at `to` while the tab at `from` is open; `aboveHome` says whether
 * the open entry was opened from Home.
 */
export function tabMove(from: string, to: string, aboveHome: boolean): TabMove {
  if (from === to) return "stay";
  if (from === homePath) return "push";
  if (to === homePath) return aboveHome ? "back" : "replace";
  return "replace";
}

function isAboveHome(state: unknown): state is TabEntryState {
  return typeof state === "object" && state !== null && (state as Partial<TabEntryState>).aboveHome === true;
}

/** Opens the tab at `to` from the tab at `from`, the way `tabMove` says. */
export function goToTab(from: string, to: string): void {
  const move = tabMove(from, to, isAboveHome(history.state));
  if (move === "stay") return;
  if (move === "back") history.back();
  else if (move === "push") navigate(to, { state: { aboveHome: true } satisfies TabEntryState });
  // A replaced entry keeps its state: a tab swapped for another is still the step above Home.
  else navigate(to, { replace: true });
}
