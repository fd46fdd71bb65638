import { atom, store, useValue } from "../state/store.ts";

/**
 * Whether a new build's service worker has installed and waits for the page (see register.ts,
 * which loads after the first paint), and how to hand over to it.
 */
const waitingAtom = atom(false);
let activate: (() => void) | undefined;

export function useUpdateWaiting(): boolean {
  return useValue(waitingAtom);
}

export function markUpdateWaiting(takeOver: () => void): void {
  activate = takeOver;
  store.set(waitingAtom, true);
}

/** Lets the waiting worker take over, which reloads the page into the new build. */
export function applyUpdate(): void {
  if (activate) activate();
  else window.location.reload();
}
