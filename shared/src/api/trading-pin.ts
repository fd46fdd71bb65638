import { z } from "zod";
import { safeText } from "../text.ts";
import { tradingPinPattern } from "../trading-pin/rules.ts";

/**
 * The header a money-moving request carries its trading PIN in. A header, not a body field: the
 * PIN stays out of the request's idempotency fingerprint (a retry that adds the PIN is still the
 * same request) and out of every product's body schema, and the endpoint declaration says which
 * requests take it (`tradingPin: true`).
 */
export const tradingPinHeader = "x-trading-pin";

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
