import { dayTradeApplicationStatuses, type OpsDayTradeApplication } from "@kabuto/shared/api/day-trading";
import { dayTradingApi } from "@kabuto/shared/endpoints/day-trading";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { call } from "../../../lib/api.ts";
import { DetailScreen } from "../../ops/detail-screen.tsx";
import { Facts, OpsCard, StatusTag, When } from "../../ops/parts.tsx";
import { ReviewPanel } from "../../ops/review-panel.tsx";
import { ReviewQueue } from "../../ops/review-queue.tsx";

/** `#/ops/day-trading`: applications to day trade; pending ones oldest first. */
export function DayTradeQueueScreen() {
  const { t } = useLingui();
  return (
    <ReviewQueue
      title={<Trans context="console">Day trading</Trans>}
      path="/ops/day-trading"
      statuses={dayTradeApplicationStatuses}
      read={{
        spec: dayTradingApi.opsList,
        input: (status) => ({ query: { status } }),
        items: (answer) => answer.items,
      }}
      columns={(shared) => [
        shared.number,
        shared.member,
        {
          label: t`Verified name`,
          cell: (item: OpsDayTradeApplication) => item.memberRealName ?? "—",
        },
        shared.createdAt(t`Applied`),
        shared.status,
      ]}
    />
  );
}

/** `#/ops/day-trading/:id`: one application, approve or reject with the reason the member reads. */
export function DayTradeDetailScreen({ id }: { id: string }) {
  return (
    <DetailScreen
      spec={dayTradingApi.opsDetail}
      input={{ params: { id } }}
      title={<Trans>Day-trading application No. {id}</Trans>}
      back={{ href: "/ops/day-trading", label: <Trans context="console">Day trading</Trans> }}
      target={`day_trade:${id}`}
      main={(application) => <ApplicationFacts application={application} />}
      side={(application) =>
        application.status === "pending" && (
          <ReviewPanel
            decide={async (decision, reason) => {
              await call(dayTradingApi.review, {
                params: { id: application.id },
                body: { decision, reason },
              });
            }}
            approveSummary={
              <p>
                <Trans>
                  {application.memberAccount} may then place day trades: higher leverage, closed by the house
                  at each day's cut-off.
                </Trans>
              </p>
            }
            rejectSummary={
              <p>
                <Trans>The member sees the reason and may apply again.</Trans>
              </p>
            }
          />
        )
      }
    />
  );
}

function ApplicationFacts({ application }: { application: OpsDayTradeApplication }) {
  return (
    <OpsCard>
      <Facts
        items={[
          [<Trans key="s">Status</Trans>, <StatusTag key="v" status={application.status} />],
          [
            <Trans key="m">Member</Trans>,
            <Link key="v" href={`/ops/members/${application.memberId}`} className="num">
              {application.memberAccount}
            </Link>,
          ],
          [<Trans key="n">Verified name</Trans>, application.memberRealName ?? "—"],
          [<Trans key="c">Applied</Trans>, <When key="v" ms={application.createdAtMs} />],
          [<Trans key="e">Decided</Trans>, <When key="v" ms={application.decidedAtMs} />],
          [<Trans key="x">Reason</Trans>, application.reason ?? "—"],
        ]}
      />
    </OpsCard>
  );
}
