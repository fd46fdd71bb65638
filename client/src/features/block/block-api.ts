import {
  type BlockApplication,
  type BlockBidRequest,
  type BlockCatalog,
  blockApplicationListSchema,
  blockApplicationSchema,
  blockCatalogSchema,
} from "@kabuto/shared";
import { apiAct, apiGet } from "../../lib/api.ts";

/** The member's block-trade endpoints: the list, applications, bids and withdrawals. */

export function fetchBlockCatalog(): Promise<BlockCatalog> {
  return apiGet("/block", blockCatalogSchema);
}

export async function fetchBlockApplications(kind?: BlockApplication["kind"]): Promise<BlockApplication[]> {
  return (await apiGet(`/block/applications${kind ? `?kind=${kind}` : ""}`, blockApplicationListSchema))
    .items;
}

export function applyForBlock(
  offeringId: string,
  shares: number,
  idempotencyKey: string,
): Promise<BlockApplication> {
  return apiAct(
    `/block/offerings/${encodeURIComponent(offeringId)}/applications`,
    { shares },
    blockApplicationSchema,
    idempotencyKey,
  );
}

export function placeBlockBid(body: BlockBidRequest, idempotencyKey: string): Promise<BlockApplication> {
  return apiAct("/block/bids", body, blockApplicationSchema, idempotencyKey);
}

export function withdrawBlockApplication(id: string, idempotencyKey: string): Promise<BlockApplication> {
  return apiAct(
    `/block/applications/${encodeURIComponent(id)}/withdraw`,
    {},
    blockApplicationSchema,
    idempotencyKey,
  );
}

/** Where a block application's form lives: an offering by id, a negotiated bid by symbol. */
export function blockApplyPath(target: { offering: string } | { symbol: string }): string {
  return "offering" in target
    ? `/market/blockApply?offering=${encodeURIComponent(target.offering)}`
    : `/market/blockApply?symbol=${encodeURIComponent(target.symbol)}`;
}
