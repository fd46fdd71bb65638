import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { watchlist } from "../db/schema.ts";

type Conn = Pick<Db, "select" | "insert" | "delete">;

export function listWatchlist(db: Conn, memberId: string): Promise<{ symbol: string; addedAtMs: number }[]> {
  return db
    .select({ symbol: watchlist.symbol, addedAtMs: watchlist.addedAtMs })
    .from(watchlist)
    .where(eq(watchlist.memberId, memberId))
    .orderBy(asc(watchlist.addedAtMs));
}

export async function watchlistSize(db: Conn, memberId: string): Promise<number> {
  const [held] = await db.select({ n: count() }).from(watchlist).where(eq(watchlist.memberId, memberId));
  return held?.n ?? 0;
}

/** Adds the symbol; one already there changes nothing. */
export async function insertWatched(
  db: Conn,
  memberId: string,
  symbol: string,
  nowMs: number,
): Promise<void> {
  await db.insert(watchlist).values({ memberId, symbol, addedAtMs: nowMs }).onConflictDoNothing();
}

export async function deleteWatched(db: Conn, memberId: string, symbol: string): Promise<void> {
  await db.delete(watchlist).where(and(eq(watchlist.memberId, memberId), eq(watchlist.symbol, symbol)));
}
