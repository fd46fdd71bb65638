import {
  type AccountSummary,
  accountSchema,
  type Order,
  orderListSchema,
  orderSchema,
  type PlaceOrder,
  type Position,
  positionListSchema,
  positionSchema,
} from "@kabuto/shared";
import { apiAct, apiGet } from "../../lib/api.ts";

/** The trading endpoints; every answer is checked against its shared schema. */

export function placeOrder(order: PlaceOrder, idempotencyKey: string): Promise<Order> {
  return apiAct("/orders", order, orderSchema, idempotencyKey);
}

export async function fetchOrders(status: Order["status"]): Promise<Order[]> {
  return (await apiGet(`/orders?status=${status}`, orderListSchema)).items;
}

export function cancelOrder(id: string, idempotencyKey: string): Promise<Order> {
  return apiAct(`/orders/${encodeURIComponent(id)}/cancel`, undefined, orderSchema, idempotencyKey);
}

export async function fetchPositions(status: Position["status"]): Promise<Position[]> {
  return (await apiGet(`/positions?status=${status}`, positionListSchema)).items;
}

export function fetchPosition(id: string): Promise<Position> {
  return apiGet(`/positions/${encodeURIComponent(id)}`, positionSchema);
}

export function closePosition(id: string, idempotencyKey: string): Promise<Position> {
  return apiAct(`/positions/${encodeURIComponent(id)}/close`, undefined, positionSchema, idempotencyKey);
}

/** `amountMinor`: minor units of the position's currency, a positive whole number. */
export function addMargin(id: string, amountMinor: bigint, idempotencyKey: string): Promise<Position> {
  return apiAct(
    `/positions/${encodeURIComponent(id)}/margin`,
    { amount: amountMinor.toString() },
    positionSchema,
    idempotencyKey,
  );
}

export function fetchAccount(): Promise<AccountSummary> {
  return apiGet("/account", accountSchema);
}
