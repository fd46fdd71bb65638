import type { blockCodes } from "@kabuto/shared/api/block.codes";
import { msg } from "@lingui/core/macro";
import type { JournalWords } from "../../app/feature.ts";

/** What the journal kinds of block trades read as in a member's fund records. */
export const blockRecordKinds: JournalWords<typeof blockCodes> = {
  block_hold: msg({ message: "Block trade held", context: "fund record" }),
  block_release: msg({ message: "Block trade released", context: "fund record" }),
};
