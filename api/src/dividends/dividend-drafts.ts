import type { Entitlement } from "@kabuto/shared/dividends/schedule";
import { unitsToPrice } from "@kabuto/shared/market/ticks";
import { minorToDecimal } from "@kabuto/shared/money";
import type { Currency, Market } from "@kabuto/shared/symbols";
import { houseAccount, type JournalDraft, memberAccount, transfer } from "../ledger/journal.ts";

/** A position held at the close before an ex-date, and what the dividend comes to on it. */
export interface PaymentDraft {
  memberId: string;
  positionId: number;
  symbol: string;
  market: Market;
  currency: Currency;
  exDate: string;
  side: "long" | "short";
  quantity: number;
  perShareUnits: number;
  entitlement: Entitlement;
}

/**
 * The journal of one dividend on one position. A long receives the gross from the house
 * dividends account, less the tax withheld, which goes to the house tax account. A short pays the
 * gross to the house dividends account from available cash; what available cash cannot cover
 * is owed, from the member's deficit account, as a loss past their cash is on a close.
 */
export function dividendJournal(draft: PaymentDraft, available: bigint): JournalDraft {
  const { memberId, currency, entitlement } = draft;
  const house = houseAccount("dividends", currency);
  const postings =
    draft.side === "long"
      ? [
          ...transfer(house, memberAccount(memberId, "available", currency), entitlement.net),
          ...transfer(house, houseAccount("tax", currency), entitlement.withheld),
        ]
      : [
          ...transfer(
            memberAccount(memberId, "available", currency),
            house,
            available < entitlement.gross ? (available > 0n ? available : 0n) : entitlement.gross,
          ),
          ...transfer(
            memberAccount(memberId, "deficit", currency),
            house,
            entitlement.gross > available ? entitlement.gross - (available > 0n ? available : 0n) : 0n,
          ),
        ];
  return {
    kind: "dividend",
    memberId,
    ref: `position:${draft.positionId}`,
    memo: `dividend ${draft.side} ${draft.quantity} ${draft.symbol} ex ${draft.exDate}`,
    description: {
      code: "dividend",
      params: {
        side: draft.side,
        quantity: draft.quantity,
        symbol: draft.symbol,
        perShare: unitsToPrice(draft.perShareUnits, draft.market),
        exDate: draft.exDate,
        gross: minorToDecimal(entitlement.gross, currency),
        withheld: minorToDecimal(entitlement.withheld, currency),
      },
    },
    postings,
  };
}
