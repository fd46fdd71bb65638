import type { NewsSummary } from "@kabuto/shared/api/news";
import { describe, expect, it } from "vitest";
import {
  appendNewsPage,
  emptyNewsList,
  formatNewsTime,
  hasMore,
  idFromQuery,
  kindFromQuery,
  localText,
  newsDetailPath,
  newsListPath,
  nextBefore,
} from "./news.ts";

const title = { ja: "年末年始の営業時間", en: "Year-end hours", "zh-Hant": "年末年始營業時間" };

function item(id: string, publishedAtMs = 1_700_000_000_000): NewsSummary {
  return { id, kind: "news", title, publishedAtMs };
}

describe("localText: an item's text in the member's language", () => {
  it("picks each interface language's own text", () => {
    expect(localText(title, "ja")).toBe("年末年始の営業時間");
    expect(localText(title, "en")).toBe("Year-end hours");
    expect(localText(title, "zh-Hant")).toBe("年末年始營業時間");
  });

  it("falls back to Japanese, then English, when the member's language is blank", () => {
    expect(localText({ ...title, en: "  " }, "en")).toBe("年末年始の営業時間");
    expect(localText({ ja: "", en: "Hours", "zh-Hant": "" }, "zh-Hant")).toBe("Hours");
    expect(localText({ ja: "", en: "", "zh-Hant": "營業時間" }, "en")).toBe("營業時間");
  });

  it("gives empty text when no language has any", () => {
    expect(localText({ ja: "", en: " ", "zh-Hant": "" }, "ja")).toBe("");
  });

  it("keeps the text as written, line breaks included", () => {
    const body = { ja: "一行目\n\n二行目", en: "Line one\nLine two", "zh-Hant": "第一行\n第二行" };
    expect(localText(body, "en")).toBe("Line one\nLine two");
  });
});

describe("the screens' queries", () => {
  it("reads the list's tab, the news tab unless it says announcement", () => {
    expect(kindFromQuery("kind=announcement")).toBe("announcement");
    expect(kindFromQuery("lang=en&kind=announcement")).toBe("announcement");
    expect(kindFromQuery("kind=news")).toBe("news");
    expect(kindFromQuery("")).toBe("news");
    expect(kindFromQuery("kind=ANNOUNCEMENT")).toBe("news");
    expect(kindFromQuery("kind=<script>")).toBe("news");
  });

  it("reads an item id of digits only", () => {
    expect(idFromQuery("id=12")).toBe("12");
    expect(idFromQuery("lang=tw&id=7")).toBe("7");
    expect(idFromQuery("")).toBeUndefined();
    expect(idFromQuery("id=")).toBeUndefined();
    expect(idFromQuery("id=-1")).toBeUndefined();
    expect(idFromQuery("id=1.5")).toBeUndefined();
    expect(idFromQuery("id=12abc")).toBeUndefined();
    expect(idFromQuery("id=1234567890123456")).toBeUndefined();
  });

  it("builds the paths the spec names, which read back to the same kind and id", () => {
    expect(newsListPath("news")).toBe("/home/moreNews");
    expect(newsListPath("announcement")).toBe("/home/moreNews?kind=announcement");
    expect(kindFromQuery(newsListPath("announcement").split("?")[1] ?? "")).toBe("announcement");
    expect(newsDetailPath("42")).toBe("/home/DetailsPage?id=42");
    expect(idFromQuery(newsDetailPath("42").split("?")[1] ?? "")).toBe("42");
  });
});

describe("paging: the list grows by the server's cursor until it says there is no more", () => {
  it("asks for the first page without a cursor, then for each next page with the last one's", () => {
    expect(hasMore(emptyNewsList)).toBe(true);
    expect(nextBefore(emptyNewsList)).toBeUndefined();
    const first = appendNewsPage(emptyNewsList, { items: [item("3"), item("2")], next: "1700000000000.2" });
    expect(first.items.map((shown) => shown.id)).toEqual(["3", "2"]);
    expect(hasMore(first)).toBe(true);
    expect(nextBefore(first)).toBe("1700000000000.2");
    const second = appendNewsPage(first, { items: [item("1")], next: null });
    expect(second.items.map((shown) => shown.id)).toEqual(["3", "2", "1"]);
    expect(hasMore(second)).toBe(false);
    expect(nextBefore(second)).toBeUndefined();
  });

  it("ends at once when the first page is the only one, empty or not", () => {
    expect(hasMore(appendNewsPage(emptyNewsList, { items: [], next: null }))).toBe(false);
    expect(hasMore(appendNewsPage(emptyNewsList, { items: [item("1")], next: null }))).toBe(false);
  });

  it("never shows an item twice when it comes on two pages", () => {
    const first = appendNewsPage(emptyNewsList, { items: [item("5"), item("4")], next: "1.4" });
    const second = appendNewsPage(first, { items: [item("4"), item("3")], next: null });
    expect(second.items.map((shown) => shown.id)).toEqual(["5", "4", "3"]);
  });

  it("leaves the list it was given as it was", () => {
    const first = appendNewsPage(emptyNewsList, { items: [item("2")], next: "1.2" });
    appendNewsPage(first, { items: [item("1")], next: null });
    expect(first.items).toHaveLength(1);
    expect(emptyNewsList.items).toHaveLength(0);
  });
});

describe("formatNewsTime: the time of day on Tokyo's clock", () => {
  // 2026-01-05 00:30 UTC is 09:30 in Tokyo, and 19:30 the day before in New York.
  const instant = Date.UTC(2026, 0, 5, 0, 30);

  it("shows Tokyo's hour and minute, whatever the device's zone", () => {
    expect(formatNewsTime(instant, "ja")).toBe("09:30");
    expect(formatNewsTime(instant, "en")).toBe("09:30");
    expect(formatNewsTime(instant, "zh-Hant")).toBe("09:30");
  });

  it("gives empty text for a time that is not a number", () => {
    expect(formatNewsTime(Number.NaN, "ja")).toBe("");
  });
});
