import type { NewsKind } from "@kabuto/shared/api/news";
import { and, desc, eq, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { firstRow } from "../db/raw-rows.ts";
import { news } from "../db/schema.ts";

export type NewsRow = typeof news.$inferSelect;
export type NewsContent = Pick<NewsRow, "kind" | "title" | "body" | "publishedAtMs">;

type Writer = Pick<Db, "select" | "insert" | "update">;

/** A page's place in the list: the last item shown, by publication instant and then id. */
export interface NewsCursor {
  publishedAtMs: number;
  id: number;
}

export interface NewsPageQuery {
  kind?: NewsKind | undefined;
  before?: NewsCursor | undefined;
  /** Rows to read: one more than the page shows says whether another follows. */
  rows: number;
}

/** Items strictly older than the cursor, in the order lists show them. */
function beforeCursor(cursor: NewsCursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${news.publishedAtMs}, ${news.id}) < (${cursor.publishedAtMs}, ${cursor.id})`;
}

/** What members see: published by now and not withdrawn, newest first. */
export async function publishedNews(db: Db, query: NewsPageQuery, nowMs: number): Promise<NewsRow[]> {
  return db
    .select()
    .from(news)
    .where(
      and(
        isNull(news.withdrawnAtMs),
        lte(news.publishedAtMs, nowMs),
        query.kind ? eq(news.kind, query.kind) : undefined,
        beforeCursor(query.before),
      ),
    )
    .orderBy(desc(news.publishedAtMs), desc(news.id))
    .limit(query.rows);
}

/** Every item, scheduled and withdrawn ones too, newest first. */
export async function allNews(db: Db, query: NewsPageQuery): Promise<NewsRow[]> {
  return db
    .select()
    .from(news)
    .where(and(query.kind ? eq(news.kind, query.kind) : undefined, beforeCursor(query.before)))
    .orderBy(desc(news.publishedAtMs), desc(news.id))
    .limit(query.rows);
}

export async function publishedNewsItem(db: Db, id: number, nowMs: number): Promise<NewsRow | undefined> {
  const [row] = await db
    .select()
    .from(news)
    .where(and(eq(news.id, id), isNull(news.withdrawnAtMs), lte(news.publishedAtMs, nowMs)));
  return row;
}

export async function insertNews(tx: Writer, content: NewsContent): Promise<NewsRow> {
  return firstRow(await tx.insert(news).values(content).returning());
}

/** Locks an item for a change in this transaction. */
export async function lockNews(tx: Writer, id: number): Promise<NewsRow | undefined> {
  const [row] = await tx.select().from(news).where(eq(news.id, id)).for("update");
  return row;
}

/** Changes an item the transaction has locked. */
export async function updateNews(
  tx: Writer,
  id: number,
  change: Partial<NewsContent> | { withdrawnAtMs: number },
): Promise<NewsRow> {
  return firstRow(await tx.update(news).set(change).where(eq(news.id, id)).returning());
}
