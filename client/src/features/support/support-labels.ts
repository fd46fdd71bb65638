import type { SupportTopic } from "@kabuto/shared/api/support";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** What a conversation is about, as the member chose it. */
export const topicLabels: Record<SupportTopic, MessageDescriptor> = {
  account: msg({ message: "My account", context: "support topic" }),
  funds: msg({ message: "Deposits and withdrawals", context: "support topic" }),
  trading: msg({ message: "Trading", context: "support topic" }),
  verification: msg({ message: "Identity verification", context: "support topic" }),
  other: msg({ message: "Something else", context: "support topic" }),
};
