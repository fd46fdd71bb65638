import type { proofSnapshotKinds } from "@kabuto/shared/api/proof";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";

const kindLabels: Record<(typeof proofSnapshotKinds)[number], MessageDescriptor> = {
  daily: msg({ message: "daily", context: "proof snapshot kind" }),
  on_demand: msg({ message: "on request", context: "proof snapshot kind" }),
};

/** Why a snapshot was taken: the day's, or one operations took on request. */
export function SnapshotKind({ kind }: { kind: (typeof proofSnapshotKinds)[number] }) {
  const { i18n } = useLingui();
  return <span className="proof-kind">{i18n._(kindLabels[kind])}</span>;
}
