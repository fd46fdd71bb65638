import { z } from "zod";
import { safeText } from "../text.ts";
import { tradingPinPattern } from "../trading-pin/rules.ts";

// Declared apart, so the API client reads it without building this module's schemas.
export { tradingPinHeader } from "./request-headers.ts";

/** Whether the member has a trading PIN: the confirmation step asks for it if so. */
export const tradingPinStatusSchema = z.object({ set: z.boolean() });
export type TradingPinStatus = z.infer<typeof tradingPinStatusSchema>;

/**
 * What proves who asks to set, change or remove the PIN: the sign-in password or the fund
 * password, as the fund password's own flows ask. One of the two is enough.
 */
const proof = {
  loginPassword: safeText().optional(),
  fundPassword: safeText().optional(),
};

/** Sets or changes the PIN (weak ones are refused by the service with TRADING_PIN_WEAK). */
export const setTradingPinSchema = z
  .object({
    ...proof,
    pin: safeText({ error: "TRADING_PIN_INVALID" }).regex(tradingPinPattern, {
      error: "TRADING_PIN_INVALID",
    }),
    pinConfirm: safeText({ error: "PASSWORDS_DIFFER" }),
  })
  .refine((body) => body.pin === body.pinConfirm, { error: "PASSWORDS_DIFFER", path: ["pinConfirm"] });

/** Removes the PIN: money-moving requests no longer ask for it. */
export const removeTradingPinSchema = z.object(proof);
