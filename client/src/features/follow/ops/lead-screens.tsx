import { leadStatuses, type OpsLead } from "@kabuto/shared/api/follow";
import { followApi } from "@kabuto/shared/endpoints/follow";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link } from "wouter";
import { call } from "../../../lib/api.ts";
import { useEndpoint } from "../../../lib/queries.ts";
import { DetailScreen } from "../../ops/detail-screen.tsx";
import { useRoleAtLeast } from "../../ops/ops-session.tsx";
import { OpsTable } from "../../ops/ops-table.tsx";
import { Facts, Loaded, Money, OpsCard, StatusTag, When } from "../../ops/parts.tsx";
import { ReasonDialog } from "../../ops/reason-dialog.tsx";
import { ReviewPanel } from "../../ops/review-panel.tsx";
import { ReviewQueue } from "../../ops/review-queue.tsx";

/** A lead as a queue row: the member's id is the row's number. */
function asItem(lead: OpsLead) {
  return { ...lead, id: lead.memberId, createdAtMs: lead.appliedAtMs };
}

/** `#/ops/leads`: applications to lead (oldest first), and approved, rejected and suspended leads. */
export function LeadQueueScreen() {
  const { t } = useLingui();
  return (
    <ReviewQueue
      title={<Trans>Lead traders</Trans>}
      path="/ops/leads"
      statuses={leadStatuses}
      read={{
        spec: followApi.opsLeads,
        input: (status) => ({ query: { status } }),
        items: (answer) => answer.items.map(asItem),
      }}
      columns={(shared) => [
        shared.member,
        { label: t`Nickname`, cell: (item) => <Link href={`/ops/leads/${item.id}`}>{item.nickname}</Link> },
        {
          label: t({ message: "Trades", context: "console" }),
          kind: "number",
          cell: (item) => <span className="num">{item.trades}</span>,
        },
        { label: t`Copiers`, kind: "number", cell: (item) => <span className="num">{item.copiers}</span> },
        shared.createdAt(t`Applied`),
        shared.status,
      ]}
    />
  );
}

/** `#/ops/leads/:id`: one lead's application, the decision or suspension, and their copies. */
export function LeadDetailScreen({ id }: { id: string }) {
  return (
    <DetailScreen
      spec={followApi.opsLead}
      input={{ params: { id } }}
      title={<Trans>Lead trader</Trans>}
      back={{ href: "/ops/leads", label: <Trans>Lead traders</Trans> }}
      target={`member:${id}`}
      main={(lead) => (
        <>
          <LeadFacts lead={lead} />
          <LeadCopies id={id} />
        </>
      )}
      side={(lead) => (
        <>
          {lead.status === "pending" && <LeadReview lead={lead} />}
          {lead.status === "approved" && <Suspend lead={lead} />}
        </>
      )}
    />
  );
}

function LeadFacts({ lead }: { lead: OpsLead }) {
  return (
    <OpsCard>
      <Facts
        items={[
          [<Trans key="s">Status</Trans>, <StatusTag key="v" status={lead.status} />],
          [
            <Trans key="m">Member</Trans>,
            <span key="v" className="num">
              {lead.memberAccount}
            </span>,
          ],
          [<Trans key="n">Nickname</Trans>, lead.nickname],
          [<Trans key="b">Bio</Trans>, lead.bio || "—"],
          [<Trans key="c">Currency</Trans>, lead.currency],
          [
            <Trans key="t" context="console">
              Trades
            </Trans>,
            <span key="v" className="num">
              {lead.trades}
            </span>,
          ],
          [<Trans key="p">Applied</Trans>, <When key="v" ms={lead.appliedAtMs} />],
          [<Trans key="d">Decided</Trans>, <When key="v" ms={lead.decidedAtMs} />],
          [<Trans key="r">Reason</Trans>, lead.reason ?? "—"],
        ]}
      />
    </OpsCard>
  );
}

function LeadReview({ lead }: { lead: OpsLead }) {
  return (
    <ReviewPanel
      decide={async (decision, reason) => {
        await call(followApi.review, { params: { id: lead.memberId }, body: { decision, reason } });
      }}
      approveSummary={
        <p>
          <Trans>
            {lead.nickname} appears on the leaderboard with a record computed from their own journals; members
            can copy them.
          </Trans>
        </p>
      }
      rejectSummary={
        <p>
          <Trans>The member sees the reason; they are not listed.</Trans>
        </p>
      }
    />
  );
}

function Suspend({ lead }: { lead: OpsLead }) {
  const { t } = useLingui();
  const supervisor = useRoleAtLeast("supervisor");
  const [asking, setAsking] = useState(false);
  if (!supervisor) return null;
  return (
    <OpsCard title={<Trans>Suspend</Trans>}>
      <button type="button" className="button button--danger" onClick={() => setAsking(true)}>
        <Trans>Suspend this lead trader</Trans>
      </button>
      {asking && (
        <ReasonDialog
          id="lead-suspend-reason"
          title={<Trans>Suspend {lead.nickname}?</Trans>}
          confirmLabel={<Trans>Suspend</Trans>}
          act={(reason) => call(followApi.suspend, { params: { id: lead.memberId }, body: { reason } })}
          doneMessage={t`The lead trader is suspended`}
          onClose={() => setAsking(false)}
        >
          <p>
            <Trans>
              They leave the leaderboard at once; the worker stops every copy of them, closing the copied
              positions and returning the money to the copiers.
            </Trans>
          </p>
        </ReasonDialog>
      )}
    </OpsCard>
  );
}

/** The lead's copies; a review or suspension (an operations change) makes them stale. */
function LeadCopies({ id }: { id: string }) {
  const { t } = useLingui();
  const state = useEndpoint(followApi.opsCopies, { params: { id } });
  return (
    <OpsCard title={<Trans>Copies</Trans>}>
      <Loaded state={state} retry={state.reload}>
        {({ items: copies }) =>
          copies.length === 0 ? (
            <p className="ops-muted">
              <Trans>No one has copied this lead trader.</Trans>
            </p>
          ) : (
            <OpsTable
              rows={copies}
              rowKey={(copy) => copy.id}
              columns={[
                { label: t`Member`, cell: (copy) => <span className="num">{copy.followerAccount}</span> },
                {
                  label: t`Amount`,
                  kind: "number",
                  cell: (copy) => <Money amount={copy.invested} currency={copy.currency} />,
                },
                {
                  label: t`Equity`,
                  kind: "number",
                  cell: (copy) => <Money amount={copy.equity} currency={copy.currency} />,
                },
                { label: t`Started`, cell: (copy) => <When ms={copy.startedAtMs} /> },
                { label: t`Status`, cell: (copy) => <StatusTag status={copy.status} /> },
              ]}
            />
          )
        }
      </Loaded>
    </OpsCard>
  );
}
