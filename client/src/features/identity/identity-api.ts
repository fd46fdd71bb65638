import {
  type BankCard,
  type BankCardInput,
  bankCardListSchema,
  bankCardSchema,
  type KycStatus,
  kycStatusSchema,
  type SecurityStatus,
  securityStatusSchema,
} from "@kabuto/shared";
import { apiAct, apiGet, apiSend, apiUpload } from "../../lib/api.ts";
import type { FundPasswordBody, LoginPasswordDraft } from "./identity-forms.ts";

/** The member's identity endpoints; every answer read is checked against its shared schema. */

export function fetchKyc(): Promise<KycStatus> {
  return apiGet("/kyc", kycStatusSchema);
}

/** Sends a verification request; the answer is the new status. */
export function submitKyc(form: FormData, idempotencyKey: string): Promise<KycStatus> {
  return apiUpload("/kyc", form, kycStatusSchema, idempotencyKey);
}

export async function fetchBankCards(): Promise<BankCard[]> {
  return (await apiGet("/bank-cards", bankCardListSchema)).items;
}

export function addBankCard(card: BankCardInput, idempotencyKey: string): Promise<BankCard> {
  return apiAct("/bank-cards", card, bankCardSchema, idempotencyKey);
}

export function removeBankCard(id: string): Promise<void> {
  return apiSend("DELETE", `/bank-cards/${encodeURIComponent(id)}`);
}

export function fetchSecurity(): Promise<SecurityStatus> {
  return apiGet("/me/security", securityStatusSchema);
}

export function changeLoginPassword(body: LoginPasswordDraft): Promise<void> {
  return apiSend("POST", "/me/password", body);
}

export function setFundPassword(body: FundPasswordBody): Promise<void> {
  return apiSend("POST", "/me/fund-password", body);
}

/** Where the member's own uploaded image is read (a same-origin image: the session cookie goes with it). */
export function uploadUrl(id: string): string {
  return `/api/v1/uploads/${encodeURIComponent(id)}`;
}
