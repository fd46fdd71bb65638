import type { SecurityStatus } from "@kabuto/shared/api/identity";

/** What stops a withdrawal before its form is of any use, in the order the member must clear them. */
export type WithdrawBlocker = "frozen" | "barred" | "kyc" | "card" | "fundPassword";

export function withdrawBlocker(security: SecurityStatus, cardCount: number): WithdrawBlocker | undefined {
  // Flags set by operations come first: nothing the member does clears them.
  if (security.frozen) return "frozen";
  if (security.withdrawBarred) return "barred";
  // A card needs a verified name, so verification comes before the card.
  if (security.verification !== "verified") return "kyc";
  if (cardCount === 0) return "card";
  if (!security.fundPasswordSet) return "fundPassword";
  return undefined;
}
