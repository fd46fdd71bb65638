import type { dividendsCodes } from "@kabuto/shared/api/dividends.codes";
import { msg } from "@lingui/core/macro";
import type { JournalWords } from "../../app/feature.ts";

/** What the journal kinds of dividends read as in a member's fund records. */
export const dividendsRecordKinds: JournalWords<typeof dividendsCodes> = {
  dividend: msg({ message: "Dividend adjustment", context: "fund record" }),
};
