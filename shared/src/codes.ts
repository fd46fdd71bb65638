import { alertsCodes } from "./api/alerts.codes.ts";
import { authCodes } from "./api/auth.codes.ts";
import { blockCodes } from "./api/block.codes.ts";
import { dayTradingCodes } from "./api/day-trading.codes.ts";
import { dividendsCodes } from "./api/dividends.codes.ts";
import { followCodes } from "./api/follow.codes.ts";
import { fundingCodes } from "./api/funding.codes.ts";
import { identityCodes } from "./api/identity.codes.ts";
import { ipoCodes } from "./api/ipo.codes.ts";
import { kernelCodes } from "./api/kernel.codes.ts";
import { loansCodes } from "./api/loans.codes.ts";
import { marketCodes } from "./api/market.codes.ts";
import { newsCodes } from "./api/news.codes.ts";
import { opsCodes } from "./api/ops.codes.ts";
import { proofCodes } from "./api/proof.codes.ts";
import { pushCodes } from "./api/push.codes.ts";
import { rewardsCodes } from "./api/rewards.codes.ts";
import { statementsCodes } from "./api/statements.codes.ts";
import { supportCodes } from "./api/support.codes.ts";
import { systemCodes } from "./api/system.codes.ts";
import { tradingCodes } from "./api/trading.codes.ts";
import { tradingPinCodes } from "./api/trading-pin.codes.ts";
import { uploadsCodes } from "./api/uploads.codes.ts";
import { watchlistCodes } from "./api/watchlist.codes.ts";

/**
 * Every product's codes, the kernel's first: the one list both ends read for the closed sets of
 * error codes (`errors.ts`), audit actions (`api/audit.ts`), journal kinds and journal
 * descriptions (`api/journal-memo.ts`). A new product declares its codes in its own
 * `api/<product>.codes.ts` and adds one line here.
 */
export const codesOfProducts = [
  kernelCodes,
  systemCodes,
  authCodes,
  marketCodes,
  watchlistCodes,
  newsCodes,
  tradingCodes,
  opsCodes,
  uploadsCodes,
  rewardsCodes,
  identityCodes,
  fundingCodes,
  loansCodes,
  dayTradingCodes,
  dividendsCodes,
  followCodes,
  supportCodes,
  ipoCodes,
  blockCodes,
  alertsCodes,
  pushCodes,
  tradingPinCodes,
  proofCodes,
  statementsCodes,
] as const;

type Codes = (typeof codesOfProducts)[number];
type KeysOf<T> = T extends unknown ? keyof T : never;

export type ErrorCode = KeysOf<Codes["errors"]> & string;
export type AuditActionCode = Codes["audit"][number];
export type JournalKind = Codes["journals"][number];
export type JournalMemoObject = Codes["memos"][number];

/** One product's list joined into one, refusing a code two products declare. */
function joined<T>(lists: readonly (readonly T[])[], what: string): T[] {
  const all: T[] = [];
  const seen = new Set<T>();
  for (const list of lists) {
    for (const item of list) {
      if (seen.has(item)) throw new Error(`${what} ${String(item)} is declared by two products`);
      seen.add(item);
      all.push(item);
    }
  }
  return all;
}

export const errorCodes: readonly ErrorCode[] = joined(
  codesOfProducts.map((codes) => Object.keys(codes.errors) as ErrorCode[]),
  "error code",
);
export const errorStatus: Readonly<Record<ErrorCode, number>> = Object.fromEntries(
  codesOfProducts.flatMap((codes) => Object.entries(codes.errors)),
) as Record<ErrorCode, number>;
export const auditActionCodes: readonly AuditActionCode[] = joined(
  codesOfProducts.map((codes) => codes.audit),
  "audit action",
);
export const journalKinds: readonly JournalKind[] = joined(
  codesOfProducts.map((codes) => codes.journals),
  "journal kind",
);
export const journalMemoObjects: readonly JournalMemoObject[] = codesOfProducts.flatMap(
  (codes): readonly JournalMemoObject[] => codes.memos,
);
