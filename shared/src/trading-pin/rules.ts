/**
 * The trading PIN (取引パスワード): six digits a member may set, asked at the confirmation step
 * of every request that moves money. These rules are shared by the settings form and the server.
 */

/** Six digits, as Japanese brokers' trading PINs and our fund password are. */
export const tradingPinPattern = /^\d{6}$/;

/** Why a PIN cannot be set: not six digits, or one of the few a stranger tries first. */
export type TradingPinProblem = "TRADING_PIN_INVALID" | "TRADING_PIN_WEAK";

/**
 * Refuses what is not six digits, and the PINs a guesser tries first: one digit six times
 * (000000) and a run up or down (123456, 987654). Five guesses before the wait are too few to
 * find a random PIN, but not one of these.
 */
export function tradingPinProblem(pin: string): TradingPinProblem | undefined {
  if (!tradingPinPattern.test(pin)) return "TRADING_PIN_INVALID";
  const digits = [...pin].map(Number);
  const steps = digits.slice(1).map((digit, index) => digit - (digits[index] ?? 0));
  const sameStep = steps.every((step) => step === steps[0]);
  if (sameStep && (steps[0] === 0 || steps[0] === 1 || steps[0] === -1)) return "TRADING_PIN_WEAK";
  return undefined;
}

/**
 * What happens when the member taps to send a money-moving request:
 * - `confirm`: the confirmation step restates it and waits for the member's tap;
 * - `confirm-with-pin`: the same, and it asks for the PIN;
 * - `send`: it goes at once (the member switched the step off on this device and has no PIN).
 *
 * Switching the step off on a trusted device skips the restatement only: with a PIN set the
 * server refuses any request without it, so the step still opens, to ask for it. Brokers that
 * let a member skip the order confirmation screen (and even the PIN) put the risk on the
 * member; we keep the PIN, which a stolen session or an unlocked phone does not know.
 */
export type ConfirmStep = "confirm" | "confirm-with-pin" | "send";

export function confirmStepFor(settings: { confirmOnDevice: boolean; pinSet: boolean }): ConfirmStep {
  if (settings.pinSet) return "confirm-with-pin";
  return settings.confirmOnDevice ? "confirm" : "send";
}
