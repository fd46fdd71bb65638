import { useSyncExternalStore } from "react";
import { readStorage, removeStorage, writeStorage } from "../../lib/storage.ts";

/**
 * Whether this device shows the confirmation step before money moves. The member may switch it
 * off on a device they trust, as Japanese brokers let them skip the order confirmation screen;
 * it is kept on the device (never on the server), so every other device still confirms.
 */
const storageKey = "kabuto.confirm-step";
const listeners = new Set<() => void>();

export function readConfirmOnDevice(): boolean {
  return readStorage(storageKey) !== "off";
}

export function writeConfirmOnDevice(on: boolean): void {
  if (on) removeStorage(storageKey);
  else writeStorage(storageKey, "off");
  for (const listener of listeners) listener();
}

/** The setting as a screen shows it, re-rendered when it changes. */
export function useConfirmOnDevice(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readConfirmOnDevice,
    () => true,
  );
}
