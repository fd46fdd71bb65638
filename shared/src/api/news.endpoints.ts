import { endpoint } from "./endpoint.ts";
import {
  newsInputSchema,
  newsItemSchema,
  newsListSchema,
  newsQuerySchema,
  newsWithdrawSchema,
  opsNewsItemSchema,
  opsNewsListSchema,
} from "./news.ts";

/**
 * The home screen's news and announcements: public, like the config, since they say nothing
 * private; and their writing by operations (supervisor and up).
 */
export const newsApi = {
  list: endpoint({
    method: "get",
    path: "/news",
    tag: "news",
    summary: "Published news and announcements, newest first; pages with `before` (the last page's `next`)",
    caller: "anyone",
    query: newsQuerySchema,
    response: newsListSchema,
    errors: ["VALIDATION_FAILED"],
  }),
  item: endpoint({
    method: "get",
    path: "/news/{id}",
    tag: "news",
    summary: "One published item with its body in every language",
    caller: "anyone",
    response: newsItemSchema,
    errors: ["NEWS_NOT_FOUND"],
  }),
  opsList: endpoint({
    method: "get",
    path: "/ops/news",
    tag: "ops",
    summary: "Every news item, scheduled and withdrawn ones too, newest first (supervisor)",
    caller: "supervisor",
    query: newsQuerySchema,
    response: opsNewsListSchema,
    errors: ["VALIDATION_FAILED"],
  }),
  create: endpoint({
    method: "post",
    path: "/ops/news",
    tag: "ops",
    summary: "Publish an item in all three languages, now or at `publishedAtMs` (supervisor)",
    caller: "supervisor",
    status: 201,
    body: newsInputSchema,
    response: opsNewsItemSchema,
    errors: ["VALIDATION_FAILED"],
  }),
  update: endpoint({
    method: "put",
    path: "/ops/news/{id}",
    tag: "ops",
    summary: "Replace an item's kind, title and body, and its publication time if given (supervisor)",
    caller: "supervisor",
    body: newsInputSchema,
    response: opsNewsItemSchema,
    errors: ["VALIDATION_FAILED", "NEWS_NOT_FOUND"],
  }),
  withdraw: endpoint({
    method: "post",
    path: "/ops/news/{id}/withdraw",
    tag: "ops",
    summary: "Take an item off members' screens, with a reason (supervisor); again changes nothing",
    caller: "supervisor",
    body: newsWithdrawSchema,
    response: opsNewsItemSchema,
    errors: ["REASON_REQUIRED", "NEWS_NOT_FOUND"],
  }),
};
