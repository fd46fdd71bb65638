import { newsItemSchema, newsListSchema, newsQuerySchema } from "@kabuto/shared";
import type { Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import { validate } from "../validate.ts";
import type { NewsService } from "./news.service.ts";

/** The home screen's news and announcements: public, like the config, since they say nothing private. */
export function mountNewsRoutes(router: Router, docs: ApiDocs, deps: { news: NewsService }): void {
  const { news } = deps;
  const route = docs.on(router);

  route(
    {
      method: "get",
      path: "/news",
      tag: "news",
      summary: "Published news and announcements, newest first; pages with `before` (the last page's `next`)",
      query: newsQuerySchema,
      response: newsListSchema,
      errors: ["VALIDATION_FAILED"],
    },
    async (request, response) => {
      response.json(await news.listPublished(validate(newsQuerySchema, request.query)));
    },
  );

  route(
    {
      method: "get",
      path: "/news/{id}",
      tag: "news",
      summary: "One published item with its body in every language",
      response: newsItemSchema,
      errors: ["NEWS_NOT_FOUND"],
    },
    async (request, response) => {
      response.json(await news.getPublished(String(request.params.id)));
    },
  );
}
