import type { JournalMemo } from "@kabuto/shared/api/journal-memo";
import type { FundRecord } from "@kabuto/shared/api/trading";
import {
  formatAmount,
  formatDate,
  formatNumber,
  formatPrice,
  formatRate,
  formatUnitPrice,
} from "@kabuto/shared/format";
import { marketZone } from "@kabuto/shared/symbols";
import { useLingui } from "@lingui/react/macro";
import { useLocale } from "../../i18n/use-locale.ts";
import { codedMemo, stockCode } from "./fund-record.ts";

/**
 * A journal's coded description in the reader's language, from its code and parameters: the
 * member's fund records show it, and so does the console's list of a member's journals (the
 * console loads the members' catalog beneath its own), so staff read the words the member reads.
 * Statements write the same sentences on the server (`shared/src/statements/memo-words.ts`); a
 * test holds the two equal, so a sentence changed here is changed there too.
 */
export function useMemoText(): (memo: JournalMemo) => string {
  const { t } = useLingui();
  const locale = useLocale();
  const count = (value: number) => formatNumber(value, locale);
  return (memo) => {
    switch (memo.code) {
      case "position_open": {
        const { side, leverage, venue, saved } = memo.params;
        const code = stockCode(memo.params.symbol);
        const quantity = count(memo.params.quantity);
        const price = formatPrice(memo.params.price, locale);
        const opened =
          side === "long"
            ? t`Long ${code} ${quantity} shares at ${price}, ${leverage}×`
            : t`Short ${code} ${quantity} shares at ${price}, ${leverage}×`;
        // An order sent to the PTS or by the smart route says where it was done, and what the route saved.
        const done =
          venue === "pts"
            ? t`${opened} at the PTS`
            : venue === "split"
              ? t`${opened}, split between the TSE and the PTS`
              : venue === "tse"
                ? t`${opened} at the TSE`
                : opened;
        if (saved === undefined || BigInt(saved) === 0n) return done;
        const amount = formatAmount(saved, "JPY", locale);
        return t`${done}; ${amount} better than the TSE alone`;
      }
      case "position_close": {
        const code = stockCode(memo.params.symbol);
        const quantity = count(memo.params.quantity);
        const price = formatPrice(memo.params.price, locale);
        return memo.params.side === "long"
          ? t`Long ${code} ${quantity} shares closed at ${price}`
          : t`Short ${code} ${quantity} shares closed at ${price}`;
      }
      case "day_trade_open": {
        const { side, leverage } = memo.params;
        const code = stockCode(memo.params.symbol);
        const quantity = count(memo.params.quantity);
        const price = formatPrice(memo.params.price, locale);
        return side === "long"
          ? t`Day trade: long ${code} ${quantity} shares at ${price}, ${leverage}×`
          : t`Day trade: short ${code} ${quantity} shares at ${price}, ${leverage}×`;
      }
      case "day_trade_cutoff": {
        const code = stockCode(memo.params.symbol);
        const quantity = count(memo.params.quantity);
        const price = formatPrice(memo.params.price, locale);
        return memo.params.side === "long"
          ? t`Day trade: long ${code} ${quantity} shares closed at the cut-off at ${price}`
          : t`Day trade: short ${code} ${quantity} shares closed at the cut-off at ${price}`;
      }
      case "purchase_fee":
        return t`Purchase fee`;
      case "selling_fee":
        return t`Selling fee`;
      case "sale_tax":
        return t`Tax on the sale`;
      case "demo_funding":
        return t`Demo starting funds`;
      case "fx_conversion": {
        const { from, to } = memo.params;
        const rate = formatRate(memo.params.rate, locale);
        return t`${from} to ${to} at ${rate}`;
      }
      case "loan_interest_day": {
        // Noon in Tokyo of that Tokyo date: the same calendar day whatever the zone's offset.
        const day = formatDate(Date.parse(`${memo.params.date}T12:00:00+09:00`), locale, marketZone.JP);
        return t`Interest for ${day}`;
      }
      case "checkin_points": {
        const points = count(memo.params.points);
        return t`${points} check-in points`;
      }
      case "dividend": {
        const code = stockCode(memo.params.symbol);
        const quantity = count(memo.params.quantity);
        const currency = memo.params.symbol.startsWith("US:") ? "USD" : "JPY";
        const perShare = formatUnitPrice(memo.params.perShare, currency, locale);
        const day = formatDate(Date.parse(`${memo.params.exDate}T12:00:00+09:00`), locale, marketZone.JP);
        const withheld = formatAmount(memo.params.withheld, currency, locale);
        return memo.params.side === "long"
          ? t`Dividend on long ${code} ${quantity} shares × ${perShare}, ex-date ${day}; tax withheld ${withheld}`
          : t`Dividend paid on short ${code} ${quantity} shares × ${perShare}, ex-date ${day}`;
      }
      case "invitation_reward": {
        const invitee = memo.params.invitee;
        return t`Invitation reward: ${invitee} verified and made a first deposit`;
      }
      case "reward_reversal":
        return t({ message: "Reward taken back", context: "reward record" });
      case "ipo_payment": {
        const code = stockCode(memo.params.symbol);
        const quantity = count(memo.params.quantity);
        const price = formatPrice(memo.params.price, locale);
        return t`New share ${code}: ${quantity} shares at ${price}, held until listing`;
      }
      case "ipo_allotment": {
        const code = stockCode(memo.params.symbol);
        const quantity = count(memo.params.quantity);
        const price = formatPrice(memo.params.price, locale);
        return t`New share ${code}: ${quantity} shares allotted at ${price}`;
      }
      case "block_hold": {
        const code = stockCode(memo.params.symbol);
        const quantity = count(memo.params.quantity);
        const price = formatPrice(memo.params.price, locale);
        return t`Block trade ${code}: ${quantity} shares at ${price}, held for review`;
      }
      case "block_release": {
        const code = stockCode(memo.params.symbol);
        const quantity = count(memo.params.quantity);
        return t`Block trade ${code}: hold for ${quantity} shares released`;
      }
      case "copy": {
        const lead = memo.params.lead;
        switch (memo.params.action) {
          case "in":
            return t`Money into the copy of ${lead}`;
          case "out":
            return t`Money back from the copy of ${lead}`;
          case "mirror_open":
            return t`Copy of ${lead}: a mirrored trade opened`;
          case "mirror_close":
            return t`Copy of ${lead}: a mirrored trade closed`;
          case "share_paid":
            return t`Profit share paid to ${lead}`;
          case "share_received":
            return t`Profit share from a copier of ${lead}`;
        }
      }
    }
  };
}

/**
 * What a record says about itself: the server's own description in the reader's language; a
 * reversal's code with staff's reason after it; staff's words and older journals as written.
 */
export function useRecordMemo(): (record: FundRecord) => string | null {
  const { t } = useLingui();
  const memoText = useMemoText();
  return (record) => {
    const coded = codedMemo(record);
    if (!coded) return record.memo;
    const reason = record.memo ?? "";
    return coded.code === "reward_reversal" && reason ? t`Reward taken back: ${reason}` : memoText(coded);
  };
}
