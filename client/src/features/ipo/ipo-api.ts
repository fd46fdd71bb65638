import {
  type DeclarationRequest,
  type Offering,
  type OfferingDetail,
  offeringDetailSchema,
  offeringListSchema,
  type Subscription,
  subscriptionListSchema,
  subscriptionSchema,
} from "@kabuto/shared";
import { apiAct, apiGet, apiSend } from "../../lib/api.ts";

/** The member's new-share endpoints: offerings, declarations, payment. */

export async function fetchOfferings(tab?: Offering["tab"]): Promise<Offering[]> {
  return (await apiGet(`/ipo/offerings${tab ? `?tab=${tab}` : ""}`, offeringListSchema)).items;
}

export function fetchOffering(id: string): Promise<OfferingDetail> {
  return apiGet(`/ipo/offerings/${encodeURIComponent(id)}`, offeringDetailSchema);
}

export async function fetchSubscriptions(): Promise<Subscription[]> {
  return (await apiGet("/ipo/subscriptions", subscriptionListSchema)).items;
}

export function declare(
  offeringId: string,
  body: DeclarationRequest,
  idempotencyKey: string,
): Promise<Subscription> {
  return apiAct(
    `/ipo/offerings/${encodeURIComponent(offeringId)}/subscriptions`,
    body,
    subscriptionSchema,
    idempotencyKey,
  );
}

export function changeDeclaration(id: string, body: DeclarationRequest): Promise<Subscription> {
  return apiSend("PUT", `/ipo/subscriptions/${encodeURIComponent(id)}`, body, subscriptionSchema);
}

export function cancelSubscription(id: string, idempotencyKey: string): Promise<Subscription> {
  return apiAct(
    `/ipo/subscriptions/${encodeURIComponent(id)}/cancel`,
    {},
    subscriptionSchema,
    idempotencyKey,
  );
}

export function paySubscription(id: string, idempotencyKey: string): Promise<Subscription> {
  return apiAct(`/ipo/subscriptions/${encodeURIComponent(id)}/pay`, {}, subscriptionSchema, idempotencyKey);
}
