import type {
  LocalizedText,
  NewsItem,
  NewsKind,
  NewsSummary,
  newsInputSchema,
  newsQuerySchema,
  OpsNewsItem,
} from "@kabuto/shared/api/news";
import type { z } from "zod";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { numericId } from "../ids.ts";
import { recordAudit } from "../kernel/audit.ts";
import type { StaffMember } from "../kernel/staff-sessions.ts";
import {
  allNews,
  insertNews,
  lockNews,
  type NewsCursor,
  type NewsPageQuery,
  type NewsRow,
  publishedNews,
  publishedNewsItem,
  updateNews,
} from "./news.repo.ts";

/** How far ahead an item may be scheduled: a year covers every holiday notice. */
const scheduleAheadMaxMs = 366 * 24 * 3_600_000;

export type NewsQuery = z.output<typeof newsQuerySchema>;
export type NewsContentInput = z.output<typeof newsInputSchema>;

function toItem(row: NewsRow): NewsItem {
  return {
    id: String(row.id),
    kind: row.kind,
    title: row.title,
    body: row.body,
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

/** The cursor a list hands out (`<publishedAtMs>.<id>`); the query schema has checked its form. */
function parseCursor(cursor: string | undefined): NewsCursor | undefined {
  if (!cursor) return undefined;
  const match = /^(\d+)\.(\d+)$/.exec(cursor);
  if (!match) throw new Error(`a news cursor the query schema let through: ${cursor}`);
  return { publishedAtMs: Number(match[1]), id: Number(match[2]) };
}

function pageQuery(query: NewsQuery): NewsPageQuery {
  return { kind: query.kind, before: parseCursor(query.before), rows: query.limit + 1 };
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

  async listPublished(query: NewsQuery): Promise<{ items: NewsSummary[]; next: string | null }> {
    const rows = await publishedNews(this.db, pageQuery(query), this.now());
    return page(rows, query.limit, toSummary);
  }

  async getPublished(id: string): Promise<NewsItem> {
    const row = await publishedNewsItem(this.db, numericId(id, "NEWS_NOT_FOUND"), this.now());
    if (!row) throw new AppError("NEWS_NOT_FOUND");
    return toItem(row);
  }

  /** Every item, scheduled and withdrawn ones too, newest first. */
  async listAll(query: NewsQuery): Promise<{ items: OpsNewsItem[]; next: string | null }> {
    const nowMs = this.now();
    const rows = await allNews(this.db, pageQuery(query));
    return page(rows, query.limit, (row) => toOpsItem(row, nowMs));
  }

  async create(body: NewsContentInput, actor: StaffMember, context: { ip: string }): Promise<OpsNewsItem> {
    const nowMs = this.now();
    refuseFarSchedule(body, nowMs);
    return this.db.transaction(async (tx) => {
      const row = await insertNews(tx, {
        kind: body.kind,
        title: body.title,
        body: body.body,
        publishedAtMs: body.publishedAtMs ?? nowMs,
      });
      const created = toOpsItem(row, nowMs);
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
    body: NewsContentInput,
    actor: StaffMember,
    context: { ip: string },
  ): Promise<OpsNewsItem> {
    const nowMs = this.now();
    const newsKey = numericId(id, "NEWS_NOT_FOUND");
    refuseFarSchedule(body, nowMs);
    return this.db.transaction(async (tx) => {
      const row = await lockNews(tx, newsKey);
      if (!row) throw new AppError("NEWS_NOT_FOUND");
      const before = toOpsItem(row, nowMs);
      const change = {
        kind: body.kind,
        title: body.title,
        body: body.body,
        publishedAtMs: body.publishedAtMs ?? row.publishedAtMs,
      };
      if (sameContent(row, change)) return before;
      const after = toOpsItem(await updateNews(tx, newsKey, change), nowMs);
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
      const row = await lockNews(tx, newsKey);
      if (!row) throw new AppError("NEWS_NOT_FOUND");
      if (row.withdrawnAtMs !== null) return toOpsItem(row, nowMs);
      const updated = await updateNews(tx, newsKey, { withdrawnAtMs: nowMs });
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
      return toOpsItem(updated, nowMs);
    });
  }
}

/** An item may be scheduled up to `scheduleAheadMaxMs` ahead, not further. */
function refuseFarSchedule(body: NewsContentInput, nowMs: number): void {
  if (body.publishedAtMs !== undefined && body.publishedAtMs > nowMs + scheduleAheadMaxMs) {
    throw new AppError("VALIDATION_FAILED", { fields: { publishedAtMs: "VALIDATION_FAILED" } });
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
    text(row.title) === text(change.title) &&
    text(row.body) === text(change.body)
  );
}
