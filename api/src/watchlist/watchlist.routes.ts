import { watchlistApi } from "@kabuto/shared/endpoints/watchlist";
import type { Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import { symbolOf } from "../market/symbol.ts";
import type { WatchlistService } from "./watchlist.service.ts";

export function mountWatchlistRoutes(
  router: Router,
  docs: ApiDocs,
  deps: { watchlist: WatchlistService },
): void {
  const { watchlist } = deps;
  const serve = docs.serve({ router });

  serve(watchlistApi.list, ({ member }) => watchlist.list(member.id));
  serve(watchlistApi.add, ({ member, params }) => watchlist.add(member.id, symbolOf(params.symbol)));
  serve(watchlistApi.remove, ({ member, params }) => watchlist.remove(member.id, symbolOf(params.symbol)));
}
