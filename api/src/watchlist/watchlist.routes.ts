import { anySymbolSchema, watchlistSchema } from "@kabuto/shared";
import type { Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import { requireMember } from "../http/session-middleware.ts";
import { validate } from "../validate.ts";
import type { WatchlistService } from "./watchlist.service.ts";

export function mountWatchlistRoutes(
  router: Router,
  docs: ApiDocs,
  deps: { watchlist: WatchlistService },
): void {
  const { watchlist } = deps;
  const route = docs.on(router);

  route(
    {
      method: "get",
      path: "/watchlist",
      tag: "watchlist",
      summary: "The member's watchlist, oldest first",
      auth: true,
      response: watchlistSchema,
      errors: ["UNAUTHENTICATED"],
    },
    async (request, response) => {
      response.json(await watchlist.list(requireMember(request).id));
    },
  );

  route(
    {
      method: "put",
      path: "/watchlist/{symbol}",
      tag: "watchlist",
      summary: "Add a symbol (adding one already there changes nothing)",
      auth: true,
      response: watchlistSchema,
      errors: ["UNAUTHENTICATED", "SYMBOL_INVALID", "SYMBOL_NOT_FOUND", "WATCHLIST_FULL"],
    },
    async (request, response) => {
      const member = requireMember(request);
      const symbol = validate(anySymbolSchema, request.params.symbol);
      response.json(await watchlist.add(member.id, symbol));
    },
  );

  route(
    {
      method: "delete",
      path: "/watchlist/{symbol}",
      tag: "watchlist",
      summary: "Remove a symbol (removing one not there changes nothing)",
      auth: true,
      response: watchlistSchema,
      errors: ["UNAUTHENTICATED", "SYMBOL_INVALID"],
    },
    async (request, response) => {
      const member = requireMember(request);
      const symbol = validate(anySymbolSchema, request.params.symbol);
      response.json(await watchlist.remove(member.id, symbol));
    },
  );
}
