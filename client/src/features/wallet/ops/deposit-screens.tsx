import { type OpsDeposit, requestStatuses } from "@kabuto/shared/api/funding";
import { fundingApi } from "@kabuto/shared/endpoints/funding";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { call } from "../../../lib/api.ts";
import { DetailScreen } from "../../ops/detail-screen.tsx";
import { Evidence, FundHistory } from "../../ops/evidence.tsx";
import { Facts, Money, OpsCard, StatusTag, When } from "../../ops/parts.tsx";
import { ReviewPanel } from "../../ops/review-panel.tsx";
import { ReviewQueue } from "../../ops/review-queue.tsx";

/** `#/ops/deposits`: bank-transfer deposits with receipts; pending ones oldest first. */
export function DepositQueueScreen() {
  const { t } = useLingui();
  return (
    <ReviewQueue
      title={<Trans>Deposits</Trans>}
      path="/ops/deposits"
      statuses={requestStatuses}
      read={{
        spec: fundingApi.opsDeposits,
        input: (status) => ({ query: { status } }),
        items: (answer) => answer.items,
      }}
      columns={(shared) => [
        shared.number,
        shared.member,
        { label: t`Channel`, cell: (item: OpsDeposit) => item.channelName },
        {
          label: t`Amount`,
          kind: "number",
          cell: (item) => <Money amount={item.amount} currency={item.currency} />,
        },
        shared.createdAt(t`Submitted`),
        shared.status,
      ]}
    />
  );
}

/** `#/ops/deposits/:id`: the receipt beside the amount and the member's history; approve or reject. */
export function DepositDetailScreen({ id }: { id: string }) {
  return (
    <DetailScreen
      spec={fundingApi.opsDeposit}
      input={{ params: { id } }}
      title={<Trans>Deposit No. {id}</Trans>}
      back={{ href: "/ops/deposits", label: <Trans>Deposits</Trans> }}
      target={`deposit:${id}`}
      main={(deposit) => <DepositFacts deposit={deposit} />}
      side={(deposit) => (
        <>
          {deposit.status === "pending" && <DepositReview deposit={deposit} />}
          <FundHistory items={deposit.history} />
        </>
      )}
    />
  );
}

function DepositReview({ deposit }: { deposit: OpsDeposit }) {
  const amount = <Money amount={deposit.amount} currency={deposit.currency} />;
  return (
    <ReviewPanel
      decide={async (decision, reason) => {
        await call(fundingApi.reviewDeposit, { params: { id: deposit.id }, body: { decision, reason } });
      }}
      approveSummary={
        <p>
          <Trans>
            Credits {amount} to the available cash of {deposit.memberAccount}. Check that the money arrived in
            the channel's account first.
          </Trans>
        </p>
      }
      rejectSummary={
        <p>
          <Trans>Nothing is credited; the member sees the reason.</Trans>
        </p>
      }
    />
  );
}

function DepositFacts({ deposit }: { deposit: OpsDeposit }) {
  const { t } = useLingui();
  return (
    <>
      <OpsCard label={t`Receipt`}>
        <div className="ops-evidence ops-evidence--single">
          <Evidence id={deposit.receiptUploadId} label={t`Receipt`} />
        </div>
      </OpsCard>
      <OpsCard>
        <Facts
          items={[
            [<Trans key="s">Status</Trans>, <StatusTag key="v" status={deposit.status} />],
            [
              <Trans key="a">Amount</Trans>,
              <strong key="v">
                <Money amount={deposit.amount} currency={deposit.currency} />
              </strong>,
            ],
            [<Trans key="c">Channel</Trans>, deposit.channelName],
            [
              <Trans key="m">Member</Trans>,
              <Link key="v" href={`/ops/members/${deposit.memberId}`} className="num">
                {deposit.memberAccount}
              </Link>,
            ],
            [<Trans key="n">Verified name</Trans>, deposit.memberRealName ?? "—"],
            [<Trans key="t">Submitted</Trans>, <When key="v" ms={deposit.createdAtMs} />],
            [<Trans key="r">Reviewed</Trans>, <When key="v" ms={deposit.reviewedAtMs} />],
            [<Trans key="x">Reason</Trans>, deposit.reason ?? "—"],
            [<Trans key="j">Journal</Trans>, deposit.journalId ?? "—"],
          ]}
        />
      </OpsCard>
    </>
  );
}
