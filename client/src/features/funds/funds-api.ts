import type { FundRecord, FundRecordKind } from "@kabuto/shared/api/trading";
import { tradingApi } from "@kabuto/shared/endpoints/trading";
import { call } from "../../lib/api.ts";

export type FundRecordFilter = FundRecordKind;

/** Fund records, newest first; `before` is the id of the oldest record already shown. */
export async function fetchFundRecords(query: {
  type: FundRecordFilter | undefined;
  before: number | undefined;
  limit: number;
}): Promise<FundRecord[]> {
  const { limit, type, before } = query;
  return (await call(tradingApi.ledger, { query: { limit, type, before } })).items;
}
