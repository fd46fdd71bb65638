import {
  type NewsInput,
  type OpsDayTradeApplication,
  type OpsNewsItem,
  opsDayTradeApplicationSchema,
  opsDayTradeListSchema,
  opsNewsItemSchema,
  opsNewsListSchema,
} from "@kabuto/shared";
import { pathOf } from "@kabuto/shared/endpoint";
import { uploadsApi } from "@kabuto/shared/endpoints/uploads";
import { z } from "zod";
import { apiGet, apiSend } from "../../lib/api.ts";

/**
 * The console's calls, all under `/api/v1/ops`. The staff session is an httpOnly cookie the
 * server sets at sign-in, so no token is kept here; a 401 on any of these sends the staff
 * member to the console's own sign-in screen (lib/unauthorized.ts).
 */

/** A page of a list and where the next one starts (`null`: this is the last). */
export interface Page<T, C> {
  items: T[];
  next: C | null;
}

const _okSchema = z.object({ ok: z.boolean() });

function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : "";
}

// Staff session and accounts.

export interface AuditFilter {
  target?: string | undefined;
  staffId?: string | undefined;
  before?: string | undefined;
}

/** Entries the server sends per page (staff.routes.ts): fewer means the oldest entry is among them. */
const _auditPageSize = 100;

/** A page of the audit log, newest first; the next page starts before its last entry. */
/** An uploaded image (ID photos, receipts) as staff read it: an `<img src>` the staff cookie opens. */
export function uploadUrl(id: string): string {
  return `/api/v1${pathOf(uploadsApi.opsImage, { id })}`;
}

export interface Review {
  decision: "approve" | "reject";
  reason?: string | undefined;
}

// Real-name verification.

/** Recomputes every balance from its entries and adds up every journal (supervisors). */
/** Every review queue counted, with when its oldest request came. */
/** An adjusting journal; `intentKey` makes a retry after a lost answer post it once. */
export function fetchNews(before: string | undefined): Promise<Page<OpsNewsItem, string>> {
  return apiGet(`/ops/news${query({ before })}`, opsNewsListSchema);
}

export function createNews(input: NewsInput): Promise<OpsNewsItem> {
  return apiSend("POST", "/ops/news", input, opsNewsItemSchema);
}

export function updateNews(id: string, input: NewsInput): Promise<OpsNewsItem> {
  return apiSend("PUT", `/ops/news/${encodeURIComponent(id)}`, input, opsNewsItemSchema);
}

export function withdrawNews(id: string, reason: string): Promise<OpsNewsItem> {
  return apiSend("POST", `/ops/news/${encodeURIComponent(id)}/withdraw`, { reason }, opsNewsItemSchema);
}

// Day trading: the application queue.

export async function fetchDayTradeQueue(status: string): Promise<OpsDayTradeApplication[]> {
  return (await apiGet(`/ops/day-trading/applications${query({ status })}`, opsDayTradeListSchema)).items;
}

export function fetchDayTradeApplication(id: string): Promise<OpsDayTradeApplication> {
  return apiGet(`/ops/day-trading/applications/${encodeURIComponent(id)}`, opsDayTradeApplicationSchema);
}

export async function reviewDayTradeApplication(id: string, review: Review): Promise<void> {
  await apiSend("POST", `/ops/day-trading/applications/${encodeURIComponent(id)}/review`, review);
}

// Credit loans: the review queue and members' credit lines.

/** Takes a reward back with a reason the member reads; the intent key makes a retry act once. */
/** A reply to the member; `intentKey` makes a retry after a lost answer send it once. */
