import { type FundRecord, type FundRecordKind, fundRecordListSchema } from "@kabuto/shared";
import { apiGet } from "../../lib/api.ts";

export type FundRecordFilter = FundRecordKind;

/** Fund records, newest first; `before` is the id of the oldest record already shown. */
export async function fetchFundRecords(query: {
  type: FundRecordFilter | undefined;
  before: number | undefined;
  limit: number;
}): Promise<FundRecord[]> {
  const params = new URLSearchParams({ limit: String(query.limit) });
  if (query.type) params.set("type", query.type);
  if (query.before !== undefined) params.set("before", String(query.before));
  return (await apiGet(`/ledger?${params.toString()}`, fundRecordListSchema)).items;
}
