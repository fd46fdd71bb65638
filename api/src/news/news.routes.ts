import { newsApi } from "@kabuto/shared/endpoints/news";
import type { Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import type { NewsService } from "./news.service.ts";

/** The home screen's news and announcements: public, like the config, since they say nothing private. */
export function mountNewsRoutes(router: Router, docs: ApiDocs, deps: { news: NewsService }): void {
  const { news } = deps;
  const serve = docs.serve({ router });

  serve(newsApi.list, ({ query }) => news.listPublished(query));
  serve(newsApi.item, ({ params }) => news.getPublished(params.id));
}
