import type { ConfigEntry } from "@kabuto/shared/api/system";
import { systemApi } from "@kabuto/shared/endpoints/system";
import { contactLink } from "@kabuto/shared/support/contact-links";
import { call } from "./api.ts";

/**
 * The public config (`GET /config`, spec section 3): the page title, the support links, the
 * funding hours. One answer serves every reader for a while: the title at start-up and the home
 * screen, which asks again each time it shows, must not cost a request each.
 */

/** How long an answer is reused: long enough for a start-up, short enough that a change shows soon. */
export const publicConfigFreshMs = 60_000;

let cached: { promise: Promise<ConfigEntry[]>; atMs: number } | undefined;

/** The public entries, from the server or the recent answer; a failed answer is not kept. */
export function loadPublicConfig(nowMs: number = Date.now()): Promise<ConfigEntry[]> {
  if (cached && nowMs - cached.atMs < publicConfigFreshMs) return cached.promise;
  const promise = call(systemApi.config).then((config) => config.items);
  const entry = { promise, atMs: nowMs };
  cached = entry;
  promise.catch(() => {
    if (cached === entry) cached = undefined;
  });
  return promise;
}

/** An entry's value; the server leaves out entries that are not set. */
export function configValue(entries: readonly ConfigEntry[], name: string): string | undefined {
  const value = entries.find((entry) => entry.name === name)?.value.trim();
  return value ? value : undefined;
}

/**
 * A config value fit to be a link: an http or https address (opened outside the app), or one of
 * the app's support pages (`contactLinkRoutes`, followed inside it). The server checks this when
 * staff save it; the page checks again because it puts the value into an `href`, where a
 * `javascript:` address would run.
 */
export function supportLink(value: string | undefined): { href: string; external: boolean } | undefined {
  const link = value === undefined ? undefined : contactLink(value);
  if (!link) return undefined;
  return link.kind === "web" ? { href: link.href, external: true } : { href: link.route, external: false };
}

/** The page title is a server config entry (spec section 3); the built-in title stays if it is missing. */
export async function applyConfigTitle(): Promise<void> {
  try {
    const title = configValue(await loadPublicConfig(), "title");
    if (title) document.title = title;
  } catch {
    // Not essential: the page works with its built-in title.
  }
}
