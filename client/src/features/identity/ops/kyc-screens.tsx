import {
  type DocumentType,
  type KycReviewDetail,
  type KycReviewItem,
  kycApplicationStatuses,
} from "@kabuto/shared/api/identity";
import { identityApi } from "@kabuto/shared/endpoints/identity";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { call } from "../../../lib/api.ts";
import { DetailScreen } from "../../ops/detail-screen.tsx";
import { Evidence } from "../../ops/evidence.tsx";
import { FlagTags } from "../../ops/member-flags.tsx";
import { Facts, OpsCard, StatusTag, When } from "../../ops/parts.tsx";
import { ReviewPanel } from "../../ops/review-panel.tsx";
import { ReviewQueue } from "../../ops/review-queue.tsx";

const documentLabels: Record<DocumentType, MessageDescriptor> = {
  id_card: msg`ID card or passport`,
  driving_licence: msg`Driving licence`,
  health_insurance: msg`Health insurance card`,
};

/** `#/ops/kyc`: real-name verification requests, pending ones first in line (oldest first). */
export function KycQueueScreen() {
  const { i18n, t } = useLingui();
  return (
    <ReviewQueue
      title={<Trans>Identity checks</Trans>}
      path="/ops/kyc"
      statuses={kycApplicationStatuses}
      read={{
        spec: identityApi.opsKycQueue,
        input: (status) => ({ query: { status } }),
        items: (answer) => answer.items,
      }}
      columns={(shared) => [
        shared.number,
        shared.member,
        { label: t`Name`, cell: (item: KycReviewItem) => item.name },
        { label: t`Document`, cell: (item) => i18n._(documentLabels[item.documentType]) },
        shared.createdAt(t`Submitted`),
        shared.status,
      ]}
    />
  );
}

/** `#/ops/kyc/:id`: one application with its ID photos, the member, and their earlier applications. */
export function KycDetailScreen({ id }: { id: string }) {
  return (
    <DetailScreen
      spec={identityApi.opsKyc}
      input={{ params: { id } }}
      title={<Trans>Identity check No. {id}</Trans>}
      back={{ href: "/ops/kyc", label: <Trans>Identity checks</Trans> }}
      target={`kyc:${id}`}
      main={(detail) => <Application detail={detail} />}
      side={(detail) => (
        <>
          {detail.status === "pending" && <KycReview detail={detail} />}
          <Applicant member={detail.member} />
          <EarlierApplications items={detail.history} />
        </>
      )}
    />
  );
}

function KycReview({ detail }: { detail: KycReviewDetail }) {
  return (
    <ReviewPanel
      decide={async (decision, reason) => {
        await call(identityApi.reviewKyc, { params: { id: detail.id }, body: { decision, reason } });
      }}
      approveSummary={
        <p>
          <Trans>
            {detail.member.account} becomes verified under the name {detail.name}. Bank cards must carry this
            name, or its reading if the member gave one.
          </Trans>
        </p>
      }
      rejectSummary={
        <p>
          <Trans>The member sees the reason and may apply again.</Trans>
        </p>
      }
    />
  );
}

function Application({ detail }: { detail: KycReviewDetail }) {
  const { i18n, t } = useLingui();
  return (
    <>
      <OpsCard label={t`Documents`}>
        <div className="ops-evidence">
          <Evidence
            id={detail.frontUploadId}
            label={t({ message: "Front", context: "identity document side" })}
          />
          <Evidence
            id={detail.backUploadId}
            label={t({ message: "Back", context: "identity document side" })}
          />
        </div>
      </OpsCard>
      <OpsCard title={<Trans>Application</Trans>}>
        <Facts
          items={[
            [<Trans key="s">Status</Trans>, <StatusTag key="v" status={detail.status} />],
            [<Trans key="n">Name</Trans>, detail.name],
            [
              <Trans key="k">Reading (kana)</Trans>,
              // Check it against the document: bank cards in this reading will be accepted.
              detail.nameKana ?? "—",
            ],
            [<Trans key="d">Document</Trans>, i18n._(documentLabels[detail.documentType])],
            [
              <Trans key="i">Document number</Trans>,
              <span key="v" className="ops-code">
                {detail.idNumber}
              </span>,
            ],
            [<Trans key="c">Submitted</Trans>, <When key="v" ms={detail.createdAtMs} />],
            [<Trans key="r">Reviewed</Trans>, <When key="v" ms={detail.reviewedAtMs} />],
            [<Trans key="x">Reason</Trans>, detail.reason ?? "—"],
          ]}
        />
      </OpsCard>
    </>
  );
}

function Applicant({ member }: { member: KycReviewDetail["member"] }) {
  return (
    <OpsCard title={<Trans>Member</Trans>}>
      <Facts
        items={[
          [
            <Trans key="a">Account</Trans>,
            <Link key="v" href={`/ops/members/${member.id}`} className="num">
              {member.account}
            </Link>,
          ],
          [<Trans key="v">Verification</Trans>, <StatusTag key="v" status={member.verification} />],
          [<Trans key="r">Verified name</Trans>, member.realName ?? "—"],
          [<Trans key="s">Member since</Trans>, <When key="v" ms={member.createdAtMs} />],
          [<Trans key="f">Flags</Trans>, <FlagTags key="v" member={member} />],
        ]}
      />
    </OpsCard>
  );
}

function EarlierApplications({ items }: { items: KycReviewItem[] }) {
  return (
    <OpsCard title={<Trans>Earlier applications</Trans>}>
      {items.length === 0 ? (
        <p className="ops-muted">
          <Trans>None.</Trans>
        </p>
      ) : (
        <ul className="ops-history">
          {items.map((item) => (
            <li key={item.id}>
              <Link href={`/ops/kyc/${item.id}`} className="num">
                <Trans>No. {item.id}</Trans>
              </Link>
              <When ms={item.createdAtMs} />
              <StatusTag status={item.status} />
              {item.reason && <span className="ops-muted">{item.reason}</span>}
            </li>
          ))}
        </ul>
      )}
    </OpsCard>
  );
}
