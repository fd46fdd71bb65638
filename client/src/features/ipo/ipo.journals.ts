import type { ipoCodes } from "@kabuto/shared/api/ipo.codes";
import { msg } from "@lingui/core/macro";
import type { JournalWords } from "../../app/feature.ts";

/** What the journal kinds of new shares read as in a member's fund records. */
export const ipoRecordKinds: JournalWords<typeof ipoCodes> = {
  ipo_payment: msg({ message: "New share paid", context: "fund record" }),
  ipo_allotment: msg({ message: "New share allotted", context: "fund record" }),
};
