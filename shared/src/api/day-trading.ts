import { z } from "zod";
import { minorAmountSchema } from "../money.ts";
import { currencySchema } from "../symbols.ts";
import { positionSchema } from "./trading.ts";

/**
 * Day trading: a member's application (reviewed by operations), the terms and the cut-off of
 * each market as they stand, and the member's day-trade positions.
 */
export const dayTradeApplicationStatuses = ["pending", "approved", "rejected"] as const;
export type DayTradeApplicationStatus = (typeof dayTradeApplicationStatuses)[number];

/** Applying means agreeing to the risks and the forced close, as the agreement screen states them. */
export const dayTradeApplySchema = z.object({
  agree: z.literal(true, { error: "DAY_TRADE_AGREEMENT_REQUIRED" }),
});

export const dayTradeApplicationSchema = z.object({
  id: z.string(),
  status: z.enum(dayTradeApplicationStatuses),
  createdAtMs: z.number(),
  decidedAtMs: z.number().nullable(),
  /** The reviewer's reason, shown to the member when rejected. */
  reason: z.string().nullable(),
});
export type DayTradeApplication = z.infer<typeof dayTradeApplicationSchema>;

export const dayTradeMarketSchema = z.object({
  currency: currencySchema,
  /** Initial margin, percent of the notional. */
  marginPct: z.number(),
  /** The leverage it gives, to a tenth: 3.3, 4. */
  leverage: z.number(),
  feePpm: z.number(),
  /** Today's cut-off (epoch ms), when the worker closes every open day trade; null on a closed day. */
  cutoffMs: z.number().nullable(),
  /** Whether a new day trade may open now (a trading session, before the cut-off). */
  open: z.boolean(),
  /** The largest notional the member's available cash opens now, minor units; 0 unless approved and open. */
  buyingPower: minorAmountSchema,
});
export type DayTradeMarket = z.infer<typeof dayTradeMarketSchema>;

export const dayTradingSchema = z.object({
  application: dayTradeApplicationSchema.nullable(),
  cutoffMinutes: z.number(),
  markets: z.object({ JP: dayTradeMarketSchema, US: dayTradeMarketSchema }),
});
export type DayTrading = z.infer<typeof dayTradingSchema>;

export const dayTradePositionQuerySchema = z.object({
  status: z.enum(["holding", "closed"], { error: "VALIDATION_FAILED" }).optional(),
});
export const dayTradePositionListSchema = z.object({ items: z.array(positionSchema) });

export const opsDayTradeQuerySchema = z.object({
  status: z.enum(dayTradeApplicationStatuses, { error: "VALIDATION_FAILED" }).optional(),
});
export const opsDayTradeApplicationSchema = dayTradeApplicationSchema.extend({
  memberId: z.string(),
  memberAccount: z.string(),
  memberRealName: z.string().nullable(),
});
export type OpsDayTradeApplication = z.infer<typeof opsDayTradeApplicationSchema>;
export const opsDayTradeListSchema = z.object({ items: z.array(opsDayTradeApplicationSchema) });
