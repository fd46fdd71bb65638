import {
  type Copy,
  type CopyFunds,
  type CopyRequest,
  copyListSchema,
  copySchema,
  type LeadApplication,
  type LeadApply,
  type LeadDetail,
  type LeaderboardQuery,
  type LeadSummary,
  leadApplicationSchema,
  leadDetailSchema,
  leaderboardSchema,
  type MirroredPosition,
  mirroredPositionListSchema,
  myLeadSchema,
} from "@kabuto/shared";
import { apiAct, apiGet } from "../../lib/api.ts";

/** The member's follow-trading endpoints. */

export async function fetchLeaderboard(query: LeaderboardQuery): Promise<LeadSummary[]> {
  const params = new URLSearchParams();
  if (query.market) params.set("market", query.market);
  if (query.risk) params.set("risk", query.risk);
  if (query.period) params.set("period", query.period);
  return (await apiGet(`/follow/leads?${params}`, leaderboardSchema)).items;
}

export function fetchLead(id: string): Promise<LeadDetail> {
  return apiGet(`/follow/leads/${encodeURIComponent(id)}`, leadDetailSchema);
}

export async function fetchCopies(): Promise<Copy[]> {
  return (await apiGet("/follow/copies", copyListSchema)).items;
}

export async function fetchMirrored(status: "holding" | "closed"): Promise<MirroredPosition[]> {
  return (await apiGet(`/follow/positions?status=${status}`, mirroredPositionListSchema)).items;
}

export function startCopy(body: CopyRequest, idempotencyKey: string): Promise<Copy> {
  return apiAct("/follow/copies", body, copySchema, idempotencyKey);
}

export function changeCopyFunds(id: string, body: CopyFunds, idempotencyKey: string): Promise<Copy> {
  return apiAct(`/follow/copies/${encodeURIComponent(id)}/funds`, body, copySchema, idempotencyKey);
}

export function stopCopy(id: string, idempotencyKey: string): Promise<Copy> {
  return apiAct(`/follow/copies/${encodeURIComponent(id)}/stop`, {}, copySchema, idempotencyKey);
}

export function closeMirror(copyId: string, positionId: string, idempotencyKey: string): Promise<Copy> {
  return apiAct(
    `/follow/copies/${encodeURIComponent(copyId)}/mirrors/${encodeURIComponent(positionId)}/close`,
    {},
    copySchema,
    idempotencyKey,
  );
}

export async function fetchMyApplication(): Promise<LeadApplication | null> {
  return (await apiGet("/follow/lead", myLeadSchema)).application;
}

export function applyToLead(body: LeadApply, idempotencyKey: string): Promise<LeadApplication> {
  return apiAct("/follow/lead", body, leadApplicationSchema, idempotencyKey);
}
