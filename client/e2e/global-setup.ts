import { ensureBuilt } from "./harness.ts";

/** Builds the client once for the browser lane, before its files start in parallel. */
export function setup(): void {
  ensureBuilt();
}
