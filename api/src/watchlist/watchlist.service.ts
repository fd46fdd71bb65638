import { watchlistMax } from "@kabuto/shared/api/market";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import {
  deleteWatchlistItem,
  insertWatchlistItem,
  type WatchlistEntry,
  watchlistItems,
  watchlistSize,
} from "./watchlist.repo.ts";

/** A member's watchlist: known symbols only, at most `watchlistMax`, adding and removing are idempotent. */
export class WatchlistService {
  private readonly db: Db;
  private readonly isKnown: (symbol: string) => boolean;
  private readonly now: () => number;

  constructor(deps: { db: Db; isKnown: (symbol: string) => boolean; now: () => number }) {
    this.db = deps.db;
    this.isKnown = deps.isKnown;
    this.now = deps.now;
  }

  async list(memberId: string): Promise<{ items: WatchlistEntry[] }> {
    return { items: await watchlistItems(this.db, memberId) };
  }

  /** Adds a symbol (adding one already there changes nothing) and returns the list. */
  async add(memberId: string, symbol: string): Promise<{ items: WatchlistEntry[] }> {
    if (!this.isKnown(symbol)) throw new AppError("SYMBOL_NOT_FOUND");
    await this.db.transaction(async (tx) => {
      if ((await watchlistSize(tx, memberId)) >= watchlistMax) throw new AppError("WATCHLIST_FULL");
      await insertWatchlistItem(tx, { memberId, symbol, addedAtMs: this.now() });
    });
    return this.list(memberId);
  }

  /** Removes a symbol (removing one not there changes nothing) and returns the list. */
  async remove(memberId: string, symbol: string): Promise<{ items: WatchlistEntry[] }> {
    await deleteWatchlistItem(this.db, memberId, symbol);
    return this.list(memberId);
  }
}
