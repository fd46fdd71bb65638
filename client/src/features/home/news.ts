import type { LocalizedText, NewsKind, NewsSummary } from "@kabuto/shared/api/news";
import { formatClock } from "@kabuto/shared/format";
import { marketZone } from "@kabuto/shared/symbols";
import type { AppLocale } from "../../i18n/locale.ts";

/** News and announcements are dated on Tokyo's clock, the house's and the home market's. */
export const newsZone = marketZone.JP;

/** Items per page of the list: about two screens, so "load more" is rarely needed twice. */
export const newsPageSize = 20;

/** Languages to fall back on, in order, when an item lacks the member's: the default one first. */
const fallbackOrder: readonly (keyof LocalizedText)[] = ["ja", "en", "zh-Hant"];

/**
 * An item's text in the member's language. Operations write all three, but a blank one (an older
 * item, a slip) falls back to Japanese, then English, then Chinese, rather than showing nothing.
 */
export function localText(text: LocalizedText, locale: AppLocale): string {
  for (const language of [locale, ...fallbackOrder]) {
    const value = text[language];
    if (value.trim() !== "") return value;
  }
  return "";
}

/** The list screen's tab, from its query (`?kind=announcement`); anything else is the news tab. */
export function kindFromQuery(search: string): NewsKind {
  return new URLSearchParams(search).get("kind") === "announcement" ? "announcement" : "news";
}

/** The ids the server hands out: digits only, as its own check (`/news/:id`) reads them. */
const newsIdPattern = /^\d{1,15}$/;

/** The detail screen's item id, from its query (`?id=12`), or undefined when it is not one. */
export function idFromQuery(search: string): string | undefined {
  const id = new URLSearchParams(search).get("id");
  return id !== null && newsIdPattern.test(id) ? id : undefined;
}

export function newsListPath(kind: NewsKind): string {
  return kind === "news" ? "/home/moreNews" : `/home/moreNews?kind=${kind}`;
}

export function newsDetailPath(id: string): string {
  return `/home/DetailsPage?id=${encodeURIComponent(id)}`;
}

/** A list shown page by page: what is shown, and where the next (older) page starts. */
export interface NewsList {
  items: NewsSummary[];
  /** The server's cursor for the next page; null once the oldest item is shown. */
  next: string | null;
  /** Whether the first page has come. */
  started: boolean;
}

export const emptyNewsList: NewsList = { items: [], next: null, started: false };

/** Whether there is a page still to ask for. */
export function hasMore(list: NewsList): boolean {
  return !list.started || list.next !== null;
}

/** The `before` cursor of the page to ask for next: none for the first page. */
export function nextBefore(list: NewsList): string | undefined {
  return list.started && list.next !== null ? list.next : undefined;
}

/**
 * The list with the next page after it. An item already shown is not shown twice: one
 * published between two requests with an earlier time (a scheduled item coming due) could
 * otherwise land on both pages.
 */
export function appendNewsPage(
  list: NewsList,
  page: { items: NewsSummary[]; next: string | null },
): NewsList {
  const shown = new Set(list.items.map((item) => item.id));
  return {
    items: [...list.items, ...page.items.filter((item) => !shown.has(item.id))],
    next: page.next,
    started: true,
  };
}

/** `14:05` on Tokyo's clock: when an item was published, to the minute (seconds say nothing here). */
export function formatNewsTime(epochMs: number, locale: AppLocale): string {
  return formatClock(epochMs, locale, newsZone, { seconds: false });
}
