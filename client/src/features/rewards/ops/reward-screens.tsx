import type { OpsReward } from "@kabuto/shared/api/rewards";
import { rewardsApi } from "@kabuto/shared/endpoints/rewards";
import { formatNumber } from "@kabuto/shared/format";
import { Trans, useLingui } from "@lingui/react/macro";
import { useRef, useState } from "react";
import { useLocale } from "../../../i18n/use-locale.ts";
import { call } from "../../../lib/api.ts";
import { IntentKeys } from "../../../lib/intent-key.ts";
import { useEndpoint } from "../../../lib/queries.ts";
import { useRoleAtLeast } from "../../ops/ops-session.tsx";
import { OpsTable } from "../../ops/ops-table.tsx";
import { Facts, Loaded, Money, OpsCard, OpsPage, When } from "../../ops/parts.tsx";
import { ReasonDialog } from "../../ops/reason-dialog.tsx";

/**
 * `#/ops/rewards` (reviewer): the reward settings in effect. They come from the servers' own
 * settings (CHECKIN_TERMS, REWARD_YEAR_MAX_JPY, REWARD_HOLD_DAYS, INVITE_REWARD_JPY), not from
 * the editable public settings, so the console shows them and a deployment changes them.
 */
export function RewardSettingsScreen() {
  const locale = useLocale();
  const state = useEndpoint(rewardsApi.opsSettings, {});
  const number = (value: number) => formatNumber(value, locale);
  return (
    <OpsPage title={<Trans>Reward settings</Trans>}>
      <Loaded state={state} retry={state.reload}>
        {(settings) => (
          <div className="ops-stack ops-narrow">
            <OpsCard title={<Trans context="console">Daily check-in</Trans>}>
              <Facts
                items={[
                  [<Trans key="l">Points per check-in</Trans>, number(settings.dailyPoints)],
                  [
                    <Trans key="l">Bonus on every seventh day in a row</Trans>,
                    number(settings.weeklyBonusPoints),
                  ],
                  [<Trans key="l">Points per yen</Trans>, number(settings.pointsPerYen)],
                  [
                    <Trans key="l">Fewest points converted at once</Trans>,
                    number(settings.convertMinimumPoints),
                  ],
                  [<Trans key="l">Points expire after (days)</Trans>, number(settings.expiryDays)],
                ]}
              />
            </OpsCard>
            <OpsCard title={<Trans>Invitations and limits</Trans>}>
              <Facts
                items={[
                  [
                    <Trans key="l">Invitation reward (verified and a first deposit)</Trans>,
                    <Money key="v" amount={String(settings.inviteRewardYen)} currency="JPY" />,
                  ],
                  [
                    <Trans key="l">Reward cash per member per Tokyo year, at most</Trans>,
                    <Money key="v" amount={String(settings.yearMaxYen)} currency="JPY" />,
                  ],
                  [<Trans key="l">Reward cash held from withdrawal (days)</Trans>, number(settings.holdDays)],
                ]}
              />
            </OpsCard>
            <OpsCard title={<Trans>Set by the deployment</Trans>}>
              <p className="ops-muted" data-testid="reward-settings-readonly">
                <Trans>
                  Read-only here: these are the servers' settings CHECKIN_TERMS, REWARD_YEAR_MAX_JPY,
                  REWARD_HOLD_DAYS and INVITE_REWARD_JPY, and change only with their configuration.
                </Trans>
              </p>
            </OpsCard>
          </div>
        )}
      </Loaded>
    </OpsPage>
  );
}

/**
 * A member's rewards on their console screen: check-ins, points, reward cash this year,
 * invitations, and each reward journal, which a supervisor may take back with a reason.
 */
export function MemberRewardsCard({ memberId }: { memberId: string }) {
  const { t } = useLingui();
  const supervisor = useRoleAtLeast("supervisor");
  const state = useEndpoint(rewardsApi.opsMemberRewards, { params: { id: memberId } });
  const [reversing, setReversing] = useState<OpsReward | null>(null);
  const intents = useRef(new IntentKeys());
  return (
    <Loaded state={state} retry={state.reload}>
      {(rewards) => (
        <OpsCard title={<Trans>Rewards</Trans>}>
          <Facts
            items={[
              [
                <Trans key="l">Check-ins</Trans>,
                <Trans key="v">
                  {rewards.checkIns} (last {rewards.lastCheckIn ?? "—"}, {rewards.streak} in a row)
                </Trans>,
              ],
              [<Trans key="l">Usable points</Trans>, rewards.points],
              [
                <Trans key="l">Reward cash this Tokyo year</Trans>,
                <Money key="v" amount={rewards.cashThisYear} currency="JPY" />,
              ],
              [
                <Trans key="l">Invited</Trans>,
                <Trans key="v">
                  {rewards.invitees} members, {rewards.invitesRewarded} rewarded
                </Trans>,
              ],
            ]}
          />
          {rewards.rewards.length === 0 ? (
            <p className="ops-muted">
              <Trans>No reward cash yet.</Trans>
            </p>
          ) : (
            <OpsTable
              plain
              rows={rewards.rewards}
              rowKey={(reward) => reward.journalId}
              columns={[
                { label: t`Time`, cell: (reward) => <When ms={reward.createdAtMs} /> },
                {
                  label: t`Reward`,
                  cell: (reward) =>
                    reward.kind === "invite" ? (
                      <Trans>Invitation: {reward.invitee ?? "—"}</Trans>
                    ) : (
                      <Trans>{reward.points} points converted</Trans>
                    ),
                },
                {
                  label: t`Amount`,
                  kind: "number",
                  cell: (reward) => <Money amount={reward.yen} currency="JPY" />,
                },
                {
                  label: t`Taken back`,
                  cell: (reward) =>
                    reward.reversal ? (
                      <span data-testid="reward-reversed">
                        <When ms={reward.reversal.createdAtMs} /> {reward.reversal.reason}
                      </span>
                    ) : supervisor ? (
                      <button
                        type="button"
                        className="button button--small button--outline"
                        onClick={() => setReversing(reward)}
                        data-testid="reward-reverse"
                      >
                        <Trans>Take back</Trans>
                      </button>
                    ) : (
                      "—"
                    ),
                },
              ]}
            />
          )}
          {reversing && (
            <ReasonDialog
              id="reward-reversal-reason"
              title={<Trans>Take this reward back?</Trans>}
              confirmLabel={<Trans>Take back</Trans>}
              act={async (reason) => {
                const key = intents.current.keyFor(`reverse:${reversing.journalId}`);
                try {
                  await call(
                    rewardsApi.reverse,
                    { params: { id: memberId, journalId: reversing.journalId }, body: { reason } },
                    { idempotencyKey: key },
                  );
                  intents.current.settle();
                } catch (error) {
                  intents.current.settle(error);
                  throw error;
                }
              }}
              doneMessage={t`The reward was taken back`}
              // The reversal changed the console's tag: these rewards, and the member's screen, are read again.
              onClose={() => setReversing(null)}
            >
              <p>
                <Trans>
                  An adjusting journal takes <Money amount={reversing.yen} currency="JPY" /> from the member's
                  available cash back to the house rewards account. The member reads your reason in their fund
                  records; the audit log keeps it.
                </Trans>
              </p>
            </ReasonDialog>
          )}
        </OpsCard>
      )}
    </Loaded>
  );
}
