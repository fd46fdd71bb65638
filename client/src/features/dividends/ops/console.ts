import type { dividendsCodes } from "@kabuto/shared/api/dividends.codes";
import { msg } from "@lingui/core/macro";
import type { ConsoleCodes } from "../../../app/feature.ts";

/** What the codes of dividends read as in the console: its journals' kinds and its audit actions. */
export const dividendsConsoleCodes: ConsoleCodes<typeof dividendsCodes> = {
  journalKinds: {
    dividend: msg({ message: "Dividend", context: "journal" }),
  },
  auditActions: {},
};
