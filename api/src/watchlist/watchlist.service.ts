import { watchlistMax } from "@kabuto/shared";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { deleteWatched, insertWatched, listWatchlist, watchlistSize } from "./watchlist.repo.ts";

/** A member's watchlist: oldest first, at most `watchlistMax` symbols. */
export interface Watchlist {
  items: { symbol: string; addedAtMs: number }[];
}

export async function watchlistOf(db: Db, memberId: string): Promise<Watchlist> {
  return { items: await listWatchlist(db, memberId) };
}

/** Adds a symbol (one already there changes nothing); refuses WATCHLIST_FULL past the bound. */
export async function watch(db: Db, memberId: string, symbol: string, nowMs: number): Promise<Watchlist> {
  await db.transaction(async (tx) => {
    if ((await watchlistSize(tx, memberId)) >= watchlistMax) throw new AppError("WATCHLIST_FULL");
    await insertWatched(tx, memberId, symbol, nowMs);
  });
  return watchlistOf(db, memberId);
}

export async function unwatch(db: Db, memberId: string, symbol: string): Promise<Watchlist> {
  await deleteWatched(db, memberId, symbol);
  return watchlistOf(db, memberId);
}
