/** The hours deposits and withdrawals are taken, as the server states them (`GET /funding/terms`). */
export type FundHours = { kind: "always" } | { kind: "window"; open: string; close: string };

/** "09:30-19:30" → a window; "always" → always; anything else undefined (shown as the server sent it). */
export function parseFundHours(hours: string): FundHours | undefined {
  if (hours === "always") return { kind: "always" };
  const match = /^(\d{2}:\d{2})-(\d{2}:\d{2})$/.exec(hours);
  if (!match) return undefined;
  return { kind: "window", open: match[1] as string, close: match[2] as string };
}
