import type { followCodes } from "@kabuto/shared/api/follow.codes";
import { msg } from "@lingui/core/macro";
import type { JournalWords } from "../../app/feature.ts";

/** What the journal kinds of follow trading read as in a member's fund records. */
export const followRecordKinds: JournalWords<typeof followCodes> = {
  copy_in: msg({ message: "Into a copy", context: "fund record" }),
  copy_out: msg({ message: "Back from a copy", context: "fund record" }),
  copy_mirror: msg({ message: "Copy trade", context: "fund record" }),
  profit_share: msg({ message: "Profit share", context: "fund record" }),
};
