import { type NewsItem, type NewsKind, newsItemSchema, newsListSchema } from "@kabuto/shared";
import type { z } from "zod";
import { apiGet } from "../../lib/api.ts";

export type NewsPage = z.infer<typeof newsListSchema>;

/** Published news or announcements, newest first; `before` is the previous page's `next`. */
export function fetchNewsPage(query: {
  kind: NewsKind;
  before?: string | undefined;
  limit: number;
}): Promise<NewsPage> {
  const params = new URLSearchParams({ kind: query.kind, limit: String(query.limit) });
  if (query.before !== undefined) params.set("before", query.before);
  return apiGet(`/news?${params.toString()}`, newsListSchema);
}

/** One published item with its body in every language. */
export function fetchNewsItem(id: string): Promise<NewsItem> {
  return apiGet(`/news/${encodeURIComponent(id)}`, newsItemSchema);
}
