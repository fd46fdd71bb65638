import { anySymbolSchema, watchlistMax, watchlistSchema } from "@kabuto/shared";
import { and, asc, count, eq } from "drizzle-orm";
import type { Router } from "express";
import type { Db } from "../db/database.ts";
import { watchlist } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { ApiDocs } from "../http/openapi.ts";
import { requireMember } from "../http/session-middleware.ts";
import { validate } from "../validate.ts";

export function mountWatchlistRoutes(
  router: Router,
  docs: ApiDocs,
  deps: { db: Db; isKnown: (symbol: string) => boolean; now: () => number },
): void {
  const { db } = deps;
  const route = docs.on(router);
  const list = async (memberId: string) => ({
    items: await db
      .select({ symbol: watchlist.symbol, addedAtMs: watchlist.addedAtMs })
      .from(watchlist)
      .where(eq(watchlist.memberId, memberId))
      .orderBy(asc(watchlist.addedAtMs)),
  });

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
      response.json(await list(requireMember(request).id));
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
      await db.transaction(async (tx) => {
        const [held] = await tx
          .select({ n: count() })
          .from(watchlist)
          .where(eq(watchlist.memberId, member.id));
        if ((held?.n ?? 0) >= watchlistMax) throw new AppError("WATCHLIST_FULL");
        await tx
          .insert(watchlist)
          .values({ memberId: member.id, symbol, addedAtMs: deps.now() })
          .onConflictDoNothing();
      });
      response.json(await list(member.id));
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
      await db.delete(watchlist).where(and(eq(watchlist.memberId, member.id), eq(watchlist.symbol, symbol)));
      response.json(await list(member.id));
    },
  );
}
