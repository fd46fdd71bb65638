import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { useLocale } from "../../i18n/use-locale.ts";
import { useAsync } from "../../lib/use-async.ts";
import { fetchAudit, fetchDepositQueue, fetchKycQueue, fetchWithdrawalQueue } from "./ops-api.ts";
import { useRoleAtLeast } from "./ops-session.tsx";
import { Loaded, OpsCard, OpsPage, useReload, When } from "./parts.tsx";
import { queueCountText } from "./queue-count.ts";

/** Queue pages hold this many requests (api/src/funding/funding.repo.ts): a full page means "at least". */
const queuePageSize = 100;

/** `#/ops`: what waits for a decision, and (for supervisors) the latest staff actions. */
export function DashboardScreen() {
  const supervisor = useRoleAtLeast("supervisor");
  const [version, reload] = useReload();
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
          version={version}
          load={() => fetchKycQueue("pending")}
          href="/ops/kyc?status=pending"
          label={<Trans>Identity checks to review</Trans>}
        />
        <QueueTile
          version={version}
          load={() => fetchDepositQueue("pending")}
          href="/ops/deposits?status=pending"
          label={<Trans>Deposits to review</Trans>}
        />
        <QueueTile
          version={version}
          load={() => fetchWithdrawalQueue("pending")}
          href="/ops/withdrawals?status=pending"
          label={<Trans>Withdrawals to check</Trans>}
        />
        <QueueTile
          version={version}
          load={() => fetchWithdrawalQueue("checked")}
          href="/ops/withdrawals?status=checked"
          label={<Trans>Withdrawals to approve</Trans>}
        />
      </div>
      {supervisor && <RecentActions version={version} />}
    </OpsPage>
  );
}

function QueueTile({
  version,
  load,
  href,
  label,
}: {
  version: number;
  load: () => Promise<unknown[]>;
  href: string;
  label: ReactNode;
}) {
  const locale = useLocale();
  const state = useAsync(`${href}#${version}`, load);
  return (
    <Link href={href} className="ops-tile" data-empty={state.status === "ready" && state.value.length === 0}>
      <span className="ops-tile__count num">
        {state.status === "ready" ? (
          queueCountText(state.value.length, queuePageSize, locale)
        ) : state.status === "error" ? (
          "—"
        ) : (
          <span className="skeleton" />
        )}
      </span>
      <span className="ops-tile__label">{label}</span>
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
