import type { fundingCodes } from "@kabuto/shared/api/funding.codes";
import { msg } from "@lingui/core/macro";
import type { JournalWords } from "../../app/feature.ts";

/** What the journal kinds of deposits, withdrawals and exchange read as in a member's fund records. */
export const fundingRecordKinds: JournalWords<typeof fundingCodes> = {
  deposit: msg({ message: "Deposit", context: "fund record" }),
  withdrawal_hold: msg({ message: "Withdrawal requested", context: "fund record" }),
  withdrawal: msg({ message: "Withdrawal paid", context: "fund record" }),
  withdrawal_release: msg({ message: "Withdrawal returned", context: "fund record" }),
  // The Exchanges tab's word: a record is filed under the tab that names it.
  fx: msg({ message: "Exchange", context: "fund record" }),
};
