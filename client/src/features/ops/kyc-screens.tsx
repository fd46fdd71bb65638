import {
  type DocumentType,
  type KycReviewDetail,
  type KycReviewItem,
  kycApplicationStatuses,
} from "@kabuto/shared";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { useAsync } from "../../lib/use-async.ts";
import { AuditTrail, Evidence, useAuditTrail } from "./evidence.tsx";
import { fetchKyc, fetchKycQueue, reviewKyc } from "./ops-api.ts";
import {
  Empty,
  Facts,
  Loaded,
  OpsPage,
  StatusFilter,
  StatusTag,
  useReload,
  useRowLink,
  useStatusFilter,
  When,
} from "./parts.tsx";
import { ReviewPanel } from "./review-panel.tsx";

const documentLabels: Record<DocumentType, MessageDescriptor> = {
  id_card: msg`ID card or passport`,
  driving_licence: msg`Driving licence`,
  health_insurance: msg`Health insurance card`,
};

/** `#/ops/kyc`: real-name verification requests, pending ones first in line (oldest first). */
export function KycQueueScreen() {
  const [status, setStatus] = useStatusFilter(kycApplicationStatuses, "pending");
  const [version, reload] = useReload();
  const state = useAsync(`${status}#${version}`, () => fetchKycQueue(status));
  return (
    <OpsPage title={<Trans>Identity checks</Trans>}>
      <StatusFilter statuses={kycApplicationStatuses} value={status} onChange={setStatus} />
      <Loaded state={state} retry={reload}>
        {(items) =>
          items.length === 0 ? (
            <Empty>
              <Trans>Nothing here.</Trans>
            </Empty>
          ) : (
            <KycTable items={items} />
          )
        }
      </Loaded>
    </OpsPage>
  );
}

function KycTable({ items }: { items: KycReviewItem[] }) {
  const { i18n, t } = useLingui();
  const rowLink = useRowLink();
  return (
    <table className="ops-table">
      <thead>
        <tr>
          <th scope="col">
            <Trans>No.</Trans>
          </th>
          <th scope="col">
            <Trans>Member</Trans>
          </th>
          <th scope="col">
            <Trans>Name</Trans>
          </th>
          <th scope="col">
            <Trans>Document</Trans>
          </th>
          <th scope="col">
            <Trans>Submitted</Trans>
          </th>
          <th scope="col">
            <Trans>Status</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id} {...rowLink(`/ops/kyc/${item.id}`)}>
            <td data-label={t`No.`}>
              <Link href={`/ops/kyc/${item.id}`} className="num">
                {item.id}
              </Link>
            </td>
            <td data-label={t`Member`}>
              <span className="num">{item.memberAccount}</span>
            </td>
            <td data-label={t`Name`}>{item.name}</td>
            <td data-label={t`Document`}>{i18n._(documentLabels[item.documentType])}</td>
            <td data-label={t`Submitted`}>
              <When ms={item.createdAtMs} />
            </td>
            <td data-label={t`Status`}>
              <StatusTag status={item.status} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** `#/ops/kyc/:id`: one application with its ID photos, the member, and their earlier applications. */
export function KycDetailScreen({ id }: { id: string }) {
  const [version, reload] = useReload();
  const state = useAsync(`${id}#${version}`, () => fetchKyc(id));
  return (
    <OpsPage
      title={<Trans>Identity check No. {id}</Trans>}
      back={{ href: "/ops/kyc", label: <Trans>Identity checks</Trans> }}
    >
      <Loaded state={state} retry={reload}>
        {(detail) => <KycDetail detail={detail} version={version} onReviewed={reload} />}
      </Loaded>
    </OpsPage>
  );
}

function KycDetail({
  detail,
  version,
  onReviewed,
}: {
  detail: KycReviewDetail;
  version: number;
  onReviewed: () => void;
}) {
  const { i18n, t } = useLingui();
  const target = `kyc:${detail.id}`;
  const trail = useAuditTrail(target, version);
  return (
    <div className="ops-columns">
      <div className="ops-stack">
        <section className="ops-card" aria-label={t`Documents`}>
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
        </section>
        <section className="ops-card">
          <h2 className="ops-card__title">
            <Trans>Application</Trans>
          </h2>
          <Facts
            items={[
              [<Trans key="s">Status</Trans>, <StatusTag key="v" status={detail.status} />],
              [<Trans key="n">Name</Trans>, detail.name],
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
        </section>
      </div>
      <div className="ops-stack">
        {detail.status === "pending" && (
          <ReviewPanel
            decide={(decision, reason) => reviewKyc(detail.id, { decision, reason })}
            approveSummary={
              <p>
                <Trans>
                  {detail.member.account} becomes verified under the name {detail.name}. Bank cards must carry
                  this name.
                </Trans>
              </p>
            }
            rejectSummary={
              <p>
                <Trans>The member sees the reason and may apply again.</Trans>
              </p>
            }
            onDone={onReviewed}
          />
        )}
        <section className="ops-card">
          <h2 className="ops-card__title">
            <Trans>Member</Trans>
          </h2>
          <Facts
            items={[
              [
                <Trans key="a">Account</Trans>,
                <Link key="v" href={`/ops/members/${detail.member.id}`} className="num">
                  {detail.member.account}
                </Link>,
              ],
              [
                <Trans key="v">Verification</Trans>,
                <StatusTag key="v" status={detail.member.verification} />,
              ],
              [<Trans key="r">Verified name</Trans>, detail.member.realName ?? "—"],
              [<Trans key="s">Member since</Trans>, <When key="v" ms={detail.member.createdAtMs} />],
              [
                <Trans key="f">Flags</Trans>,
                detail.member.frozen || detail.member.disabled ? (
                  <span key="v" className="ops-tags">
                    {detail.member.frozen && (
                      <span className="ops-tag" data-tone="bad">
                        <Trans>Frozen</Trans>
                      </span>
                    )}
                    {detail.member.disabled && (
                      <span className="ops-tag" data-tone="bad">
                        <Trans>Disabled</Trans>
                      </span>
                    )}
                  </span>
                ) : (
                  "—"
                ),
              ],
            ]}
          />
        </section>
        <section className="ops-card">
          <h2 className="ops-card__title">
            <Trans>Earlier applications</Trans>
          </h2>
          {detail.history.length === 0 ? (
            <p className="ops-muted">
              <Trans>None.</Trans>
            </p>
          ) : (
            <ul className="ops-history">
              {detail.history.map((item) => (
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
        </section>
        <AuditTrail target={target} entries={trail} />
      </div>
    </div>
  );
}
