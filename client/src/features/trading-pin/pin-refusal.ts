import { errorCode } from "../../lib/api-error.ts";

/** The refusals that concern the PIN itself: the confirmation step answers them, not the form. */
const pinRefusals = new Set(["TRADING_PIN_REQUIRED", "TRADING_PIN_WRONG", "TRADING_PIN_THROTTLED"]);

/**
 * Whether a money-moving request was refused for its trading PIN. A flow's own error handling
 * hands these back to the confirmation step (which asks for the PIN again), and treats the rest
 * as it always did.
 */
export function isPinRefusal(error: unknown): boolean {
  return pinRefusals.has(errorCode(error));
}
