import { newsApi } from "@kabuto/shared/endpoints/news";
import type { RequestHandler, Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import { numericId } from "../ids.ts";
import type { NewsService } from "./news.service.ts";

/** A malformed id is not found before its body is looked at, as for every other path. */
const knownId: RequestHandler = (request, _response, next) => {
  const { id } = request.params;
  numericId(typeof id === "string" ? id : "", "NEWS_NOT_FOUND");
  next();
};

/** Writing the home screen's news and announcements (supervisor and up). */
export function mountOpsNewsRoutes(ops: Router, docs: ApiDocs, deps: { news: NewsService }): void {
  const { news } = deps;
  const serve = docs.serve({ router: ops, ops });

  serve(newsApi.opsList, ({ query }) => news.listAll(query));
  serve(newsApi.create, ({ body, staff, request }) => news.create(body, staff, { ip: request.ip ?? "" }));
  serve(
    newsApi.update,
    ({ params, body, staff, request }) => news.update(params.id, body, staff, { ip: request.ip ?? "" }),
    {
      before: [knownId],
    },
  );
  serve(newsApi.withdraw, ({ params, body, staff, request }) =>
    news.withdraw(params.id, staff, { ip: request.ip ?? "", reason: body.reason }),
  );
}
