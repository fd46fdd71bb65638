import { z } from "zod";

/**
 * Which web pages may act with a member's cookies: the API's CSRF check and the gateway's
 * handshake ask the same question here. An origin is a scheme, a host and a port, compared whole
 * (RFC 6454): `https://host` and `http://host` are two origins, so a page served over the other
 * scheme of the same host is a stranger like any other site.
 */

/**
 * Origins other than the server's own whose pages may act with a session cookie, as
 * ALLOWED_ORIGINS is written: comma-separated http(s) URLs ("https://app.example.jp"), blanks
 * ignored. Needed only where a front end rewrites the Host header or the scheme it was reached by
 * is not known (a TLS front end the API does not trust), since a page of the origin a request was
 * sent to always passes.
 */
export const originListSetting = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((origin) => origin.trim())
      .filter((origin) => origin !== ""),
  )
  .pipe(z.array(z.url({ protocol: /^https?$/ })));

/** The settings of every server that checks origins: the API and the gateway read the same one. */
export const originSettingsSchema = z.object({ ALLOWED_ORIGINS: originListSetting });

/**
 * An origin as a browser writes it in `Origin`: lower case, without a default port, a path or a
 * trailing slash. Undefined for `null` (a sandboxed or local page), anything that is not a URL,
 * and schemes other than http and https.
 */
export function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/** The allowed origins of a setting, in `originOf`'s form, to look an `Origin` up in. */
export function allowedOriginSet(origins: readonly string[]): ReadonlySet<string> {
  return new Set(origins.flatMap((origin) => originOf(origin) ?? []));
}

/** How a request reached the server: the scheme of the connection the browser made, and the Host it named. */
export interface ReachedAs {
  scheme: "http" | "https";
  host: string | undefined;
}

/**
 * Whether a request's `Origin` is the server's own (the scheme and Host the request came by:
 * scheme, host and port all equal) or one of `allowed`. A malformed or `null` Origin is neither.
 */
export function isAllowedOrigin(origin: string, reachedAs: ReachedAs, allowed: ReadonlySet<string>): boolean {
  const asked = originOf(origin);
  if (asked === undefined) return false;
  if (allowed.has(asked)) return true;
  if (reachedAs.host === undefined || reachedAs.host === "") return false;
  return asked === originOf(`${reachedAs.scheme}://${reachedAs.host}`);
}
