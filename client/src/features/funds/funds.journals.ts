import type { opsCodes } from "@kabuto/shared/api/ops.codes";
import { msg } from "@lingui/core/macro";
import type { JournalWords } from "../../app/feature.ts";

/** What the journal kinds of the console's own work (adjustments, flags, staff) read as in a member's fund records. */
export const fundsRecordKinds: JournalWords<typeof opsCodes> = {
  adjustment: msg({ message: "Adjustment", context: "fund record" }),
};
