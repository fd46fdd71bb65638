import {
  type Adjustment,
  type AdjustmentRequest,
  type AuditEntry,
  adjustmentSchema,
  auditListSchema,
  type CreditSetting,
  type LedgerCheck,
  ledgerCheckSchema,
  type MemberFlagsUpdate,
  type MemberProfile,
  type MemberSummary,
  memberListSchema,
  memberProfileSchema,
  memberSummarySchema,
  type NewsInput,
  type OpsConfigEntry,
  type OpsCredit,
  type OpsDayTradeApplication,
  type OpsLoan,
  type OpsLoanRow,
  type OpsMemberRewards,
  type OpsNewsItem,
  type OpsQueues,
  type OpsSupportConversation,
  type OpsSupportRow,
  opsConfigEntrySchema,
  opsConfigListSchema,
  opsCreditSchema,
  opsDayTradeApplicationSchema,
  opsDayTradeListSchema,
  opsLoanListSchema,
  opsLoanSchema,
  opsMemberRewardsSchema,
  opsNewsItemSchema,
  opsNewsListSchema,
  opsQueuesSchema,
  opsSupportConversationSchema,
  opsSupportListSchema,
  type RewardReversal,
  type RewardSettings,
  rewardReversalSchema,
  rewardSettingsSchema,
  type Staff,
  staffListSchema,
  staffSchema,
  staffSessionResponseSchema,
} from "@kabuto/shared";
import { pathOf } from "@kabuto/shared/endpoint";
import { uploadsApi } from "@kabuto/shared/endpoints/uploads";
import { z } from "zod";
import { apiAct, apiGet, apiSend } from "../../lib/api.ts";

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

const okSchema = z.object({ ok: z.boolean() });

function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : "";
}

// Staff session and accounts.

export async function staffLogin(login: string, password: string): Promise<Staff> {
  const { staff } = await apiSend("POST", "/ops/auth/login", { login, password }, staffSessionResponseSchema);
  return staff;
}

export async function staffLogout(): Promise<void> {
  await apiSend("POST", "/ops/auth/logout", {}, okSchema);
}

export function fetchStaffMe(): Promise<Staff> {
  return apiGet("/ops/me", staffSchema);
}

export async function fetchStaffList(): Promise<Staff[]> {
  return (await apiGet("/ops/staff", staffListSchema)).items;
}

export function createStaff(input: { login: string; name: string; role: string; password: string }) {
  return apiSend("POST", "/ops/staff", input, staffSchema);
}

export function setStaffDisabled(id: string, disabled: boolean, reason: string): Promise<Staff> {
  return apiSend("POST", `/ops/staff/${encodeURIComponent(id)}/disabled`, { disabled, reason }, staffSchema);
}

// The audit log.

export interface AuditFilter {
  target?: string | undefined;
  staffId?: string | undefined;
  before?: string | undefined;
}

/** Entries the server sends per page (staff.routes.ts): fewer means the oldest entry is among them. */
const auditPageSize = 100;

export async function fetchAudit(filter: AuditFilter): Promise<AuditEntry[]> {
  return (await apiGet(`/ops/audit${query({ ...filter })}`, auditListSchema)).items;
}

/** A page of the audit log, newest first; the next page starts before its last entry. */
export async function fetchAuditPage(filter: AuditFilter): Promise<Page<AuditEntry, string>> {
  const items = await fetchAudit(filter);
  const last = items.at(-1);
  return { items, next: items.length < auditPageSize || !last ? null : last.id };
}

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
export function runLedgerCheck(): Promise<LedgerCheck> {
  return apiGet("/ops/ledger-check", ledgerCheckSchema);
}

/** Every review queue counted, with when its oldest request came. */
export function fetchQueues(): Promise<OpsQueues> {
  return apiGet("/ops/queues", opsQueuesSchema);
}

// Members.

export async function searchMembers(q: string, offset: number): Promise<Page<MemberSummary, number>> {
  const { items, nextOffset } = await apiGet(
    `/ops/members${query({ q: q.trim(), offset: offset > 0 ? String(offset) : undefined })}`,
    memberListSchema,
  );
  return { items, next: nextOffset };
}

export function fetchMember(id: string): Promise<MemberProfile> {
  return apiGet(`/ops/members/${encodeURIComponent(id)}`, memberProfileSchema);
}

export function setMemberFlags(id: string, update: MemberFlagsUpdate): Promise<MemberSummary> {
  return apiSend("POST", `/ops/members/${encodeURIComponent(id)}/flags`, update, memberSummarySchema);
}

/** An adjusting journal; `intentKey` makes a retry after a lost answer post it once. */
export function adjustMember(id: string, request: AdjustmentRequest, intentKey: string): Promise<Adjustment> {
  return apiAct(`/ops/members/${encodeURIComponent(id)}/adjustments`, request, adjustmentSchema, intentKey);
}

// Public settings.

export async function fetchConfig(): Promise<OpsConfigEntry[]> {
  return (await apiGet("/ops/config", opsConfigListSchema)).items;
}

export function setConfig(name: string, value: string): Promise<OpsConfigEntry> {
  return apiSend("PUT", `/ops/config/${encodeURIComponent(name)}`, { value }, opsConfigEntrySchema);
}

// News and announcements.

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

export async function fetchLoanQueue(status: string): Promise<OpsLoanRow[]> {
  return (await apiGet(`/ops/loans${query({ status })}`, opsLoanListSchema)).items;
}

export function fetchLoan(id: string): Promise<OpsLoan> {
  return apiGet(`/ops/loans/${encodeURIComponent(id)}`, opsLoanSchema);
}

export async function reviewLoan(id: string, review: Review): Promise<void> {
  await apiSend("POST", `/ops/loans/${encodeURIComponent(id)}/review`, review);
}

export function fetchMemberCredit(memberId: string): Promise<OpsCredit> {
  return apiGet(`/ops/members/${encodeURIComponent(memberId)}/credit`, opsCreditSchema);
}

export function setMemberCredit(memberId: string, setting: CreditSetting): Promise<OpsCredit> {
  return apiSend("PUT", `/ops/members/${encodeURIComponent(memberId)}/credit`, setting, opsCreditSchema);
}

// Rewards.

export function fetchRewardSettings(): Promise<RewardSettings> {
  return apiGet("/ops/reward-settings", rewardSettingsSchema);
}

export function fetchMemberRewards(memberId: string): Promise<OpsMemberRewards> {
  return apiGet(`/ops/members/${encodeURIComponent(memberId)}/rewards`, opsMemberRewardsSchema);
}

/** Takes a reward back with a reason the member reads; the intent key makes a retry act once. */
export function reverseReward(
  memberId: string,
  journalId: string,
  reason: string,
  intentKey: string,
): Promise<RewardReversal> {
  return apiAct(
    `/ops/members/${encodeURIComponent(memberId)}/rewards/${encodeURIComponent(journalId)}/reversal`,
    { reason },
    rewardReversalSchema,
    intentKey,
  );
}

// Online support.

export async function fetchSupportInbox(): Promise<OpsSupportRow[]> {
  return (await apiGet("/ops/support", opsSupportListSchema)).items;
}

export function fetchSupportConversation(id: string): Promise<OpsSupportConversation> {
  return apiGet(`/ops/support/${encodeURIComponent(id)}`, opsSupportConversationSchema);
}

/** A reply to the member; `intentKey` makes a retry after a lost answer send it once. */
export function replySupport(id: string, body: string, intentKey: string): Promise<OpsSupportConversation> {
  return apiAct(
    `/ops/support/${encodeURIComponent(id)}/messages`,
    { body },
    opsSupportConversationSchema,
    intentKey,
  );
}

export function markSupportRead(id: string): Promise<OpsSupportConversation> {
  return apiSend("POST", `/ops/support/${encodeURIComponent(id)}/read`, {}, opsSupportConversationSchema);
}
