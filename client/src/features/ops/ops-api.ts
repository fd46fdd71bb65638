import {
  type KycReviewDetail,
  type KycReviewItem,
  kycReviewDetailSchema,
  kycReviewListSchema,
  type LeadStatus,
  type NewsInput,
  type OpsCopy,
  type OpsDayTradeApplication,
  type OpsDeposit,
  type OpsLead,
  type OpsNewsItem,
  type OpsWithdrawal,
  type OpsWithdrawalDetail,
  opsCopyListSchema,
  opsDayTradeApplicationSchema,
  opsDayTradeListSchema,
  opsDepositListSchema,
  opsDepositSchema,
  opsLeadListSchema,
  opsLeadSchema,
  opsNewsItemSchema,
  opsNewsListSchema,
  opsWithdrawalDetailSchema,
  opsWithdrawalListSchema,
  type RechargeChannel,
  type RechargeChannelInput,
  rechargeChannelListSchema,
  rechargeChannelSchema,
} from "@kabuto/shared";
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

function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : "";
}

// The audit log.

export interface AuditFilter {
  target?: string | undefined;
  staffId?: string | undefined;
  before?: string | undefined;
}

/** An uploaded image (ID photos, receipts) as staff read it: an `<img src>` the staff cookie opens. */
export function uploadUrl(id: string): string {
  return `/api/v1/ops/uploads/${encodeURIComponent(id)}`;
}

export interface Review {
  decision: "approve" | "reject";
  reason?: string | undefined;
}

// Real-name verification.

export async function fetchKycQueue(status: string): Promise<KycReviewItem[]> {
  return (await apiGet(`/ops/kyc${query({ status })}`, kycReviewListSchema)).items;
}

export function fetchKyc(id: string): Promise<KycReviewDetail> {
  return apiGet(`/ops/kyc/${encodeURIComponent(id)}`, kycReviewDetailSchema);
}

export async function reviewKyc(id: string, review: Review): Promise<void> {
  await apiSend("POST", `/ops/kyc/${encodeURIComponent(id)}/review`, review);
}

// Deposits.

export async function fetchDepositQueue(status: string): Promise<OpsDeposit[]> {
  return (await apiGet(`/ops/deposits${query({ status })}`, opsDepositListSchema)).items;
}

export function fetchDeposit(id: string): Promise<OpsDeposit> {
  return apiGet(`/ops/deposits/${encodeURIComponent(id)}`, opsDepositSchema);
}

export async function reviewDeposit(id: string, review: Review): Promise<void> {
  await apiSend("POST", `/ops/deposits/${encodeURIComponent(id)}/review`, review);
}

// Withdrawals: checked by one staff member, approved by another.

export async function fetchWithdrawalQueue(status: string): Promise<OpsWithdrawal[]> {
  return (await apiGet(`/ops/withdrawals${query({ status })}`, opsWithdrawalListSchema)).items;
}

export function fetchWithdrawal(id: string): Promise<OpsWithdrawalDetail> {
  return apiGet(`/ops/withdrawals/${encodeURIComponent(id)}`, opsWithdrawalDetailSchema);
}

export async function checkWithdrawal(id: string, payoutReference: string | undefined): Promise<void> {
  await apiSend("POST", `/ops/withdrawals/${encodeURIComponent(id)}/check`, { payoutReference });
}

export async function reviewWithdrawal(id: string, review: Review): Promise<void> {
  await apiSend("POST", `/ops/withdrawals/${encodeURIComponent(id)}/review`, review);
}

// Recharge channels.

export async function fetchChannels(): Promise<RechargeChannel[]> {
  return (await apiGet("/ops/recharge-channels", rechargeChannelListSchema)).items;
}

export function createChannel(input: RechargeChannelInput): Promise<RechargeChannel> {
  return apiSend("POST", "/ops/recharge-channels", input, rechargeChannelSchema);
}

export function updateChannel(id: string, input: RechargeChannelInput): Promise<RechargeChannel> {
  return apiSend("PUT", `/ops/recharge-channels/${encodeURIComponent(id)}`, input, rechargeChannelSchema);
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

// Follow trading: applications to lead, suspensions, copies of a lead.

export async function fetchLeadQueue(status: LeadStatus): Promise<OpsLead[]> {
  return (await apiGet(`/ops/follow/leads${query({ status })}`, opsLeadListSchema)).items;
}

export function fetchOpsLead(id: string): Promise<OpsLead> {
  return apiGet(`/ops/follow/leads/${encodeURIComponent(id)}`, opsLeadSchema);
}

export async function reviewLead(id: string, review: Review): Promise<void> {
  await apiSend("POST", `/ops/follow/leads/${encodeURIComponent(id)}/review`, review);
}

export async function suspendLead(id: string, reason: string): Promise<void> {
  await apiSend("POST", `/ops/follow/leads/${encodeURIComponent(id)}/suspend`, { reason });
}

export async function fetchLeadCopies(id: string): Promise<OpsCopy[]> {
  return (await apiGet(`/ops/follow/leads/${encodeURIComponent(id)}/copies`, opsCopyListSchema)).items;
}
