import {
  type DividendDetail,
  type DividendPayment,
  dividendDetailSchema,
  dividendListSchema,
  type UpcomingDividend,
} from "@kabuto/shared";
import { apiGet } from "../../lib/api.ts";

/** The member's dividend endpoints: read only, since the worker pays. */

export async function fetchUpcomingDividends(): Promise<UpcomingDividend[]> {
  const list = await apiGet("/dividends?scope=upcoming", dividendListSchema);
  return list.scope === "upcoming" ? list.items : [];
}

export async function fetchDividendHistory(): Promise<DividendPayment[]> {
  const list = await apiGet("/dividends?scope=history", dividendListSchema);
  return list.scope === "history" ? list.items : [];
}

export function fetchDividend(id: string): Promise<DividendDetail> {
  return apiGet(`/dividends/${encodeURIComponent(id)}`, dividendDetailSchema);
}

/** `#/common/dividend3?id=JP:7203@2027-03-30`: the spec's paths take no parameters, so the id is a query. */
export function dividendDetailPath(id: string): string {
  return `/common/dividend3?${new URLSearchParams({ id }).toString()}`;
}
