import type { Hello } from "@kabuto/shared/protocol/socket";
import { socketProtocolVersion } from "@kabuto/shared/protocol/version";
import { atom, store, useValue } from "./store.ts";

/**
 * Whether a gateway's greeting speaks this build's socket protocol. A gateway on another version
 * (a deploy since this page loaded) may send messages this build misreads, so the client stops
 * rather than show prices it cannot trust.
 */
export function speaksOurProtocol(hello: Hello, ours: number = socketProtocolVersion): boolean {
  return hello.protocol === ours;
}

/** Set for good once a gateway spoke another protocol: only a reload brings the matching build. */
const outdated = atom(false);

export function markOutdated(): void {
  store.set(outdated, true);
}

export function isOutdated(): boolean {
  return store.get(outdated);
}

export function useOutdated(): boolean {
  return useValue(outdated);
}
