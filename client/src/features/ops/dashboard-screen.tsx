import type { OpsQueues } from "@kabuto/shared";
import { intlLocale } from "@kabuto/shared/format";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { useLocale } from "../../i18n/use-locale.ts";
import { useAsync } from "../../lib/use-async.ts";
import { fetchAudit, fetchQueues } from "./ops-api.ts";
import { useRoleAtLeast } from "./ops-session.tsx";
import { Loaded, OpsCard, OpsPage, useReload, When } from "./parts.tsx";

/** `#/ops`: what waits for a decision, and (for supervisors) the latest staff actions. */
export function DashboardScreen() {
  const supervisor = useRoleAtLeast("supervisor");
  const [version, reload] = useReload();
  const queues = useAsync(`queues#${version}`, fetchQueues);
  const tile = (name: keyof OpsQueues) =>
    queues.status === "ready" ? queues.value[name] : queues.status === "error" ? null : undefined;
  return (
    <OpsPage
      title={<Trans>Overview</Trans>}
      actions={
        <button type="button" className="button button--outline button--small" onClick={reload}>
          <Trans>Refresh</Trans>
        </button>
      }
    >
      <div className="ops-tiles">
        <QueueTile
          queue={tile("kyc")}
          href="/ops/kyc?status=pending"
          label={<Trans>Identity checks to review</Trans>}
        />
        <QueueTile
          queue={tile("deposits")}
          href="/ops/deposits?status=pending"
          label={<Trans>Deposits to review</Trans>}
        />
        <QueueTile
          queue={tile("withdrawalsToCheck")}
          href="/ops/withdrawals?status=pending"
          label={<Trans>Withdrawals to check</Trans>}
        />
        <QueueTile
          queue={tile("withdrawalsToApprove")}
          href="/ops/withdrawals?status=checked"
          label={<Trans>Withdrawals to approve</Trans>}
        />
      </div>
      {supervisor && <RecentActions version={version} />}
    </OpsPage>
  );
}

/** A queue's count and how long its oldest request has waited; `undefined` while loading, `null` if it failed. */
function QueueTile({
  queue,
  href,
  label,
}: {
  queue: OpsQueues["kyc"] | null | undefined;
  href: string;
  label: ReactNode;
}) {
  const locale = useLocale();
  return (
    <Link href={href} className="ops-tile" data-empty={queue?.count === 0}>
      <span className="ops-tile__count num">
        {queue ? (
          new Intl.NumberFormat(intlLocale[locale]).format(queue.count)
        ) : queue === null ? (
          "—"
        ) : (
          <span className="skeleton" />
        )}
      </span>
      <span className="ops-tile__label">{label}</span>
      {queue?.oldestAtMs != null && (
        <span className="ops-tile__since ops-muted">
          <Trans>
            oldest since <When ms={queue.oldestAtMs} />
          </Trans>
        </span>
      )}
    </Link>
  );
}

/** The latest staff actions, to see at a glance what colleagues decided. */
function RecentActions({ version }: { version: number }) {
  const { t } = useLingui();
  const [retries, retry] = useReload();
  const state = useAsync(`audit#${version}#${retries}`, () => fetchAudit({}));
  return (
    <OpsCard title={<Trans>Latest staff actions</Trans>}>
      <Loaded state={state} retry={retry}>
        {(entries) =>
          entries.length === 0 ? (
            <p className="ops-muted">
              <Trans>No actions recorded.</Trans>
            </p>
          ) : (
            <ul className="ops-history">
              {entries.slice(0, 8).map((entry) => (
                <li key={entry.id}>
                  <When ms={entry.atMs} />
                  <span>{entry.staffLogin ?? t`System`}</span>
                  <code className="ops-code">{entry.action}</code>
                  <code className="ops-code ops-muted">{entry.target}</code>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
      <Link href="/ops/audit" className="ops-small-link">
        <Trans>Open the audit log</Trans>
      </Link>
    </OpsCard>
  );
}
