import {
  type Adjustment,
  type AdjustmentRequest,
  type AuditEntry,
  adjustmentSchema,
  auditListSchema,
  type CreditSetting,
  type KycReviewDetail,
  type KycReviewItem,
  kycReviewDetailSchema,
  kycReviewListSchema,
  type LeadStatus,
  type LedgerCheck,
  ledgerCheckSchema,
  type MemberFlagsUpdate,
  type MemberProfile,
  type MemberSummary,
  memberListSchema,
  memberProfileSchema,
  memberSummarySchema,
  type OpsConfigEntry,
  type OpsCopy,
  type OpsCredit,
  type OpsDeposit,
  type OpsLead,
  type OpsLoan,
  type OpsLoanRow,
  type OpsMemberRewards,
  type OpsQueues,
  type OpsSupportConversation,
  type OpsSupportRow,
  type OpsWithdrawal,
  type OpsWithdrawalDetail,
  opsConfigEntrySchema,
  opsConfigListSchema,
  opsCopyListSchema,
  opsCreditSchema,
  opsDepositListSchema,
  opsDepositSchema,
  opsLeadListSchema,
  opsLeadSchema,
  opsLoanListSchema,
  opsLoanSchema,
  opsMemberRewardsSchema,
  opsQueuesSchema,
  opsSupportConversationSchema,
  opsSupportListSchema,
  opsWithdrawalDetailSchema,
  opsWithdrawalListSchema,
  type RechargeChannel,
  type RechargeChannelInput,
  type RewardReversal,
  type RewardSettings,
  rechargeChannelListSchema,
  rechargeChannelSchema,
  rewardReversalSchema,
  rewardSettingsSchema,
  type Staff,
  staffListSchema,
  staffSchema,
  staffSessionResponseSchema,
} from "@kabuto/shared";
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
  return `/api/v1/ops/uploads/${encodeURIComponent(id)}`;
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

// Public settings.

export async function fetchConfig(): Promise<OpsConfigEntry[]> {
  return (await apiGet("/ops/config", opsConfigListSchema)).items;
}

export function setConfig(name: string, value: string): Promise<OpsConfigEntry> {
  return apiSend("PUT", `/ops/config/${encodeURIComponent(name)}`, { value }, opsConfigEntrySchema);
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
