import {
  type LocalizedText,
  type NewsItem,
  type NewsKind,
  type NewsSummary,
  newsInputSchema,
  newsQuerySchema,
  type OpsNewsItem,
} from "@kabuto/shared";
import { and, desc, eq, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { news } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { numericId } from "../ids.ts";
import { recordAudit } from "../ops/audit.ts";
import type { StaffMember } from "../ops/staff-sessions.ts";
import { validate } from "../validate.ts";

/** How far ahead an item may be scheduled: a year covers every holiday notice. */
const scheduleAheadMaxMs = 366 * 24 * 3_600_000;

type NewsRow = typeof news.$inferSelect;

function toItem(row: NewsRow): NewsItem {
  return {
    id: String(row.id),
    kind: row.kind,
    title: row.title as LocalizedText,
    body: row.body as LocalizedText,
    publishedAtMs: row.publishedAtMs,
  };
}

function toSummary(row: NewsRow): NewsSummary {
  const { body: _body, ...summary } = toItem(row);
  return summary;
}

export function newsStatus(row: Pick<NewsRow, "publishedAtMs" | "withdrawnAtMs">, nowMs: number) {
  if (row.withdrawnAtMs !== null) return "withdrawn" as const;
  return row.publishedAtMs > nowMs ? ("scheduled" as const) : ("published" as const);
}

function toOpsItem(row: NewsRow, nowMs: number): OpsNewsItem {
  return { ...toItem(row), status: newsStatus(row, nowMs), withdrawnAtMs: row.withdrawnAtMs };
}

/** Items strictly older than the cursor, in the order lists show them. */
function beforeCursor(cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [ms, id] = cursor.split(".").map(Number) as [number, number];
  return sql`(${news.publishedAtMs}, ${news.id}) < (${ms}, ${id})`;
}

function page<T>(
  rows: NewsRow[],
  limit: number,
  map: (row: NewsRow) => T,
): { items: T[]; next: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    items: shown.map(map),
    next: rows.length > limit && last ? `${last.publishedAtMs}.${last.id}` : null,
  };
}

/** News and announcements: members read what is published and not withdrawn; operations write. */
export class NewsService {
  private readonly db: Db;
  private readonly now: () => number;

  constructor(deps: { db: Db; now: () => number }) {
    this.db = deps.db;
    this.now = deps.now;
  }

  async listPublished(input: unknown): Promise<{ items: NewsSummary[]; next: string | null }> {
    const query = validate(newsQuerySchema, input);
    const rows = await this.db
      .select()
      .from(news)
      .where(
        and(
          isNull(news.withdrawnAtMs),
          lte(news.publishedAtMs, this.now()),
          query.kind ? eq(news.kind, query.kind) : undefined,
          beforeCursor(query.before),
        ),
      )
      .orderBy(desc(news.publishedAtMs), desc(news.id))
      .limit(query.limit + 1);
    return page(rows, query.limit, toSummary);
  }

  async getPublished(id: string): Promise<NewsItem> {
    const [row] = await this.db
      .select()
      .from(news)
      .where(
        and(
          eq(news.id, numericId(id, "NEWS_NOT_FOUND")),
          isNull(news.withdrawnAtMs),
          lte(news.publishedAtMs, this.now()),
        ),
      );
    if (!row) throw new AppError("NEWS_NOT_FOUND");
    return toItem(row);
  }

  /** Every item, scheduled and withdrawn ones too, newest first. */
  async listAll(input: unknown): Promise<{ items: OpsNewsItem[]; next: string | null }> {
    const query = validate(newsQuerySchema, input);
    const nowMs = this.now();
    const rows = await this.db
      .select()
      .from(news)
      .where(and(query.kind ? eq(news.kind, query.kind) : undefined, beforeCursor(query.before)))
      .orderBy(desc(news.publishedAtMs), desc(news.id))
      .limit(query.limit + 1);
    return page(rows, query.limit, (row) => toOpsItem(row, nowMs));
  }

  async create(input: unknown, actor: StaffMember, context: { ip: string }): Promise<OpsNewsItem> {
    const nowMs = this.now();
    const body = this.parse(input, nowMs);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(news)
        .values({
          kind: body.kind,
          title: body.title,
          body: body.body,
          publishedAtMs: body.publishedAtMs ?? nowMs,
        })
        .returning();
      const created = toOpsItem(row as NewsRow, nowMs);
      await recordAudit(tx, {
        staffId: actor.id,
        action: "news.create",
        target: `news:${created.id}`,
        after: created,
        ip: context.ip,
        atMs: nowMs,
      });
      return created;
    });
  }

  /** Replaces an item's kind, title and body (and its publication time, if given). */
  async update(
    id: string,
    input: unknown,
    actor: StaffMember,
    context: { ip: string },
  ): Promise<OpsNewsItem> {
    const nowMs = this.now();
    const newsKey = numericId(id, "NEWS_NOT_FOUND");
    const body = this.parse(input, nowMs);
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(news).where(eq(news.id, newsKey)).for("update");
      if (!row) throw new AppError("NEWS_NOT_FOUND");
      const before = toOpsItem(row, nowMs);
      const change = {
        kind: body.kind as NewsKind,
        title: body.title,
        body: body.body,
        publishedAtMs: body.publishedAtMs ?? row.publishedAtMs,
      };
      if (sameContent(row, change)) return before;
      const [updated] = await tx.update(news).set(change).where(eq(news.id, newsKey)).returning();
      const after = toOpsItem(updated as NewsRow, nowMs);
      await recordAudit(tx, {
        staffId: actor.id,
        action: "news.update",
        target: `news:${id}`,
        before,
        after,
        ip: context.ip,
        atMs: nowMs,
      });
      return after;
    });
  }

  /** Takes an item off members' screens for good; withdrawing it again changes nothing. */
  async withdraw(
    id: string,
    actor: StaffMember,
    context: { ip: string; reason: string },
  ): Promise<OpsNewsItem> {
    const nowMs = this.now();
    const newsKey = numericId(id, "NEWS_NOT_FOUND");
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(news).where(eq(news.id, newsKey)).for("update");
      if (!row) throw new AppError("NEWS_NOT_FOUND");
      if (row.withdrawnAtMs !== null) return toOpsItem(row, nowMs);
      const [updated] = await tx
        .update(news)
        .set({ withdrawnAtMs: nowMs })
        .where(eq(news.id, newsKey))
        .returning();
      await recordAudit(tx, {
        staffId: actor.id,
        action: "news.withdraw",
        target: `news:${id}`,
        before: { status: newsStatus(row, nowMs), withdrawnAtMs: null },
        after: { status: "withdrawn", withdrawnAtMs: nowMs },
        reason: context.reason,
        ip: context.ip,
        atMs: nowMs,
      });
      return toOpsItem(updated as NewsRow, nowMs);
    });
  }

  private parse(input: unknown, nowMs: number) {
    const body = validate(newsInputSchema, input);
    if (body.publishedAtMs !== undefined && body.publishedAtMs > nowMs + scheduleAheadMaxMs) {
      throw new AppError("VALIDATION_FAILED", { fields: { publishedAtMs: "VALIDATION_FAILED" } });
    }
    return body;
  }
}

function sameContent(
  row: NewsRow,
  change: { kind: NewsKind; title: LocalizedText; body: LocalizedText; publishedAtMs: number },
): boolean {
  const text = (value: LocalizedText) => JSON.stringify([value.ja, value.en, value["zh-Hant"]]);
  return (
    row.kind === change.kind &&
    row.publishedAtMs === change.publishedAtMs &&
    text(row.title as LocalizedText) === text(change.title) &&
    text(row.body as LocalizedText) === text(change.body)
  );
}
