/** Identity rules that need no database: masking and name matching. */

/** Live bank cards a member may keep: people hold a few accounts; a bound stops a script filling the table. */
export const cardsPerMemberMax = 5;

/**
 * `**** 1234`: only the tail of a card or document number leaves the server. Short values show
 * at most half their characters, so a four-character number is never sent whole.
 */
export function maskTail(value: string): string {
  const visible = Math.min(4, Math.floor(value.length / 2));
  return `**** ${visible > 0 ? value.slice(-visible) : ""}`.trimEnd();
}

/**
 * A name as it is compared: NFKC (full-width letters and the ideographic space become their
 * plain forms, half-width kana become full-width), runs of whitespace collapsed to one space,
 * trimmed, and Latin letters upper-cased, since banks print holder names in capitals.
 */
export function comparableName(name: string): string {
  return name.normalize("NFKC").replace(/\s+/gu, " ").trim().toUpperCase();
}

/** Whether the name on a bank card is the member's verified real name. */
export function holderMatches(holderName: string, realName: string | null): boolean {
  if (realName === null) return false;
  const holder = comparableName(holderName);
  return holder.length > 0 && holder === comparableName(realName);
}
