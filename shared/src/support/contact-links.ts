/**
 * Where the support links operations set (the Home screen's customer-service and online-support
 * shortcuts) may lead: a web address, or one of the app's own pages named by its route. Pure: the
 * console's config service refuses anything else, and the page checks again before it puts the
 * value into a link, where a `javascript:` address would run.
 */

/**
 * The app's pages a support link may name instead of a web address: the online support chat with
 * staff. A closed list, so a link can never name a page that does not exist or one that acts.
 */
export const contactLinkRoutes = ["/user/pj"] as const;
export type ContactLinkRoute = (typeof contactLinkRoutes)[number];

export type ContactLink = { kind: "web"; href: string } | { kind: "app"; route: ContactLinkRoute };

/**
 * What a setting's value leads to: an http or https address with no user name or password in it,
 * or one of `contactLinkRoutes` exactly as written; anything else (`javascript:`, `//host`, a
 * relative path, a route not on the list) is undefined. The caller has trimmed the value.
 */
export function contactLink(value: string): ContactLink | undefined {
  const route = contactLinkRoutes.find((each) => each === value);
  if (route) return { kind: "app", route };
  if (!URL.canParse(value)) return undefined;
  const url = new URL(value);
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (url.username || url.password) return undefined;
  return { kind: "web", href: url.href };
}
