import { atom, store, useValue } from "../state/store.ts";

/**
 * Whether the device has a network, as the browser says (`navigator.onLine` and its events).
 * It says "offline" only when it knows; a network that is up but cannot reach the server is
 * the socket's and the API's business (their errors and reconnects), not this banner's.
 */
const onlineAtom = atom(typeof navigator === "undefined" ? true : navigator.onLine);
/** When the copy on screen was true; undefined while the app has not kept one. */
const keptAtAtom = atom<number | undefined>(undefined);

export function useOnline(): boolean {
  return useValue(onlineAtom);
}

export function isOnline(): boolean {
  return store.get(onlineAtom);
}

export function useKeptAt(): number | undefined {
  return useValue(keptAtAtom);
}

export function setKeptAt(atMs: number | undefined): void {
  store.set(keptAtAtom, atMs);
}

/** Follows the browser's online and offline events; `changed` hears each change. */
export function watchConnectivity(changed: (online: boolean) => void): void {
  const update = () => {
    const online = navigator.onLine;
    if (online === store.get(onlineAtom)) return;
    store.set(onlineAtom, online);
    changed(online);
  };
  window.addEventListener("online", update);
  window.addEventListener("offline", update);
}
