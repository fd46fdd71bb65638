import { anySymbolSchema, watchlistSchema } from "@kabuto/shared";
import type { Router } from "express";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import type { ApiDocs } from "../http/openapi.ts";
import { requireMember } from "../http/session-middleware.ts";
import { validate } from "../validate.ts";
import { unwatch, watch, watchlistOf } from "./watchlist.service.ts";

export function mountWatchlistRoutes(
  router: Router,
  docs: ApiDocs,
  deps: { db: Db; isKnown: (symbol: string) => boolean; now: () => number },
): void {
  const { db } = deps;
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
      response.json(await watchlistOf(db, requireMember(request).id));
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
      if (!deps.isKnown(symbol)) throw new AppError("SYMBOL_NOT_FOUND");
      response.json(await watch(db, member.id, symbol, deps.now()));
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
      response.json(await unwatch(db, member.id, symbol));
    },
  );
}
