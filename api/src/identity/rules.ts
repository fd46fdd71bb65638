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

const smallKana: Record<string, string> = {
  ァ: "ア",
  ィ: "イ",
  ゥ: "ウ",
  ェ: "エ",
  ォ: "オ",
  ッ: "ツ",
  ャ: "ヤ",
  ュ: "ユ",
  ョ: "ヨ",
  ヮ: "ワ",
  ヵ: "カ",
  ヶ: "ケ",
};

/**
 * A kana reading as banks compare it: NFKC (half-width kana become full-width), hiragana as
 * katakana, small kana as large ones (bank systems print ャ as ヤ), and no spaces or middle dots.
 */
export function comparableKana(reading: string): string {
  let result = "";
  for (const char of reading.normalize("NFKC")) {
    // A character of a for-of loop is one whole code point, never empty.
    const code = char.codePointAt(0) ?? 0;
    const katakana = code >= 0x3041 && code <= 0x3096 ? String.fromCodePoint(code + 0x60) : char;
    if (katakana === " " || katakana === "・") continue;
    result += smallKana[katakana] ?? katakana;
  }
  return result;
}

/**
 * Whether the name on a bank card is the member's verified real name, or the kana reading of
 * it they gave with their verification (Japanese accounts are held in kana).
 */
export function holderMatches(
  holderName: string,
  realName: string | null,
  realNameKana: string | null = null,
): boolean {
  if (realName === null) return false;
  const holder = comparableName(holderName);
  if (holder.length === 0) return false;
  if (holder === comparableName(realName)) return true;
  return realNameKana !== null && comparableKana(holderName) === comparableKana(realNameKana);
}
