import type { tradingCodes } from "@kabuto/shared/api/trading.codes";
import { msg } from "@lingui/core/macro";
import type { JournalWords } from "../../app/feature.ts";

/** What the journal kinds of trading read as in a member's fund records. */
export const tradingRecordKinds: JournalWords<typeof tradingCodes> = {
  order_hold: msg({ message: "Order hold", context: "fund record" }),
  order_release: msg({ message: "Hold released", context: "fund record" }),
  open: msg({ message: "Position opened", context: "fund record" }),
  close: msg({ message: "Position closed", context: "fund record" }),
  margin_add: msg({ message: "Margin added", context: "fund record" }),
  margin_call: msg({ message: "Margin call", context: "fund record" }),
  fee: msg({ message: "Trading fee", context: "fund record" }),
  tax: msg({ message: "Tax on the sale", context: "fund record" }),
};
