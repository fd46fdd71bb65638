import type { rewardsCodes } from "@kabuto/shared/api/rewards.codes";
import { msg } from "@lingui/core/macro";
import type { JournalWords } from "../../app/feature.ts";

/** What the journal kinds of rewards read as in a member's fund records. */
export const rewardsRecordKinds: JournalWords<typeof rewardsCodes> = {
  reward: msg({ message: "Reward", context: "fund record" }),
};
