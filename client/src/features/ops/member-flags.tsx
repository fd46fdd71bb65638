import type { MemberFlagName } from "@kabuto/shared/api/ops";
import { memberFlagNames } from "@kabuto/shared/api/ops";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Tag } from "./parts.tsx";

export const flagShortLabels: Record<MemberFlagName, MessageDescriptor> = {
  frozen: msg`Frozen`,
  disabled: msg`Disabled`,
  tradingBarred: msg`No trading`,
  withdrawBarred: msg`No withdrawals`,
};

/** The flags a member carries, as short tags; a dash when none is set. */
export function FlagTags({ member }: { member: Partial<Record<MemberFlagName, boolean>> }) {
  const { i18n } = useLingui();
  const set = memberFlagNames.filter((name) => member[name]);
  if (set.length === 0) return <span className="ops-muted">—</span>;
  return (
    <span className="ops-tags">
      {set.map((name) => (
        <Tag key={name} tone="bad">
          {i18n._(flagShortLabels[name])}
        </Tag>
      ))}
    </span>
  );
}
