import {
  type DayTradeApplication,
  type DayTrading,
  dayTradeApplicationSchema,
  dayTradingSchema,
} from "@kabuto/shared";
import { apiAct, apiGet } from "../../lib/api.ts";

/** The member's day-trading endpoints; orders go through the order form with `dayTrade`. */

export function fetchDayTrading(): Promise<DayTrading> {
  return apiGet("/day-trading", dayTradingSchema);
}

/** Applies, agreeing to the risks and the forced close. */
export function applyForDayTrading(idempotencyKey: string): Promise<DayTradeApplication> {
  return apiAct("/day-trading/application", { agree: true }, dayTradeApplicationSchema, idempotencyKey);
}
