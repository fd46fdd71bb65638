import type { opsCodes } from "@kabuto/shared/api/ops.codes";
import type { systemCodes } from "@kabuto/shared/api/system.codes";
import { msg } from "@lingui/core/macro";
import type { ConsoleCodes } from "../../app/feature.ts";

/** What the codes of the console's own work (adjustments, flags, staff) read as in the console: its journals' kinds and its audit actions. */
export const opsConsoleCodes: ConsoleCodes<typeof opsCodes> = {
  journalKinds: {
    adjustment: msg({ message: "Adjustment", context: "journal" }),
  },
  auditActions: {
    "member.flags": msg({ message: "Account restrictions changed", context: "audit action" }),
    "member.adjust": msg({ message: "Balance adjusted", context: "audit action" }),
    "staff.create": msg({ message: "Staff account created", context: "audit action" }),
    "staff.disable": msg({ message: "Staff account disabled", context: "audit action" }),
    "staff.enable": msg({ message: "Staff account enabled", context: "audit action" }),
  },
};

/** What the codes of public settings read as in the console: its journals' kinds and its audit actions. */
export const systemConsoleCodes: ConsoleCodes<typeof systemCodes> = {
  journalKinds: {},
  auditActions: {
    "config.set": msg({ message: "Setting changed", context: "audit action" }),
  },
};
