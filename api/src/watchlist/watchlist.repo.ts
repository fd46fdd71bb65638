import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { watchlist } from "../db/schema.ts";

type Reader = Pick<Db, "select">;

export interface WatchlistEntry {
  symbol: string;
  addedAtMs: number;
}

/** The member's symbols, oldest first. */
export async function watchlistItems(db: Reader, memberId: string): Promise<WatchlistEntry[]> {
  return db
    .select({ symbol: watchlist.symbol, addedAtMs: watchlist.addedAtMs })
    .from(watchlist)
    .where(eq(watchlist.memberId, memberId))
    .orderBy(asc(watchlist.addedAtMs));
}

export async function watchlistSize(db: Reader, memberId: string): Promise<number> {
  const [held] = await db.select({ n: count() }).from(watchlist).where(eq(watchlist.memberId, memberId));
  return held?.n ?? 0;
}

/** Adds a symbol; one already there stays as it was, with its first time. */
export async function insertWatchlistItem(
  db: Pick<Db, "insert">,
  item: { memberId: string; symbol: string; addedAtMs: number },
): Promise<void> {
  await db.insert(watchlist).values(item).onConflictDoNothing();
}

export async function deleteWatchlistItem(db: Db, memberId: string, symbol: string): Promise<void> {
  await db.delete(watchlist).where(and(eq(watchlist.memberId, memberId), eq(watchlist.symbol, symbol)));
}
