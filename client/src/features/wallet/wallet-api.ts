import {
  type Deposit,
  depositListSchema,
  depositSchema,
  type FundingTerms,
  type FxQuote,
  fundingTermsSchema,
  fxConversionSchema,
  fxQuoteSchema,
  type RechargeChannel,
  rechargeChannelListSchema,
  type Withdrawable,
  type Withdrawal,
  withdrawableListSchema,
  withdrawalListSchema,
  withdrawalSchema,
} from "@kabuto/shared";
import type { z } from "zod";
import { apiAct, apiGet, apiSend, apiUpload } from "../../lib/api.ts";

/** The member's money endpoints: deposits, withdrawals and exchange. */

export function fetchFundingTerms(): Promise<FundingTerms> {
  return apiGet("/funding/terms", fundingTermsSchema);
}

export async function fetchChannels(): Promise<RechargeChannel[]> {
  return (await apiGet("/recharge-channels", rechargeChannelListSchema)).items;
}

export async function fetchDeposits(): Promise<Deposit[]> {
  return (await apiGet("/deposits", depositListSchema)).items;
}

/** multipart: `channelId`, `amount` (major units) and the receipt image `receipt`. */
export function submitDeposit(form: FormData, idempotencyKey: string): Promise<Deposit> {
  return apiUpload("/deposits", form, depositSchema, idempotencyKey);
}

export async function fetchWithdrawable(): Promise<Withdrawable[]> {
  return (await apiGet("/withdrawable", withdrawableListSchema)).items;
}

export async function fetchWithdrawals(): Promise<Withdrawal[]> {
  return (await apiGet("/withdrawals", withdrawalListSchema)).items;
}

export interface WithdrawBody {
  cardId: string;
  currency: string;
  /** Major units. */
  amount: string;
  fundPassword: string;
}

export function requestWithdrawal(body: WithdrawBody, idempotencyKey: string): Promise<Withdrawal> {
  return apiAct("/withdrawals", body, withdrawalSchema, idempotencyKey);
}

export function requestQuote(body: { from: string; to: string; amount: string }): Promise<FxQuote> {
  return apiSend("POST", "/fx/quote", body, fxQuoteSchema);
}

export function convert(
  quoteId: string,
  idempotencyKey: string,
): Promise<z.infer<typeof fxConversionSchema>> {
  return apiAct("/fx/convert", { quoteId }, fxConversionSchema, idempotencyKey);
}
