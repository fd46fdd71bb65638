import type { AuditEntry, LedgerCheck, OpsQueues } from "@kabuto/shared/api/ops";
import { opsApi } from "@kabuto/shared/endpoints/ops";
import { formatNumber } from "@kabuto/shared/format";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useState } from "react";
import { Link } from "wouter";
import { useLocale } from "../../i18n/use-locale.ts";
import { call } from "../../lib/api.ts";
import { type AsyncState, useEndpoint } from "../../lib/queries.ts";
import { auditTargetPath } from "./audit-format.ts";
import { referenceLabel } from "./code-labels.ts";
import { auditActionLabel, ledgerCheckFinding } from "./code-words.ts";
import { useRoleAtLeast } from "./ops-session.tsx";
import { Loaded, OpsCard, OpsPage, useBusy, When } from "./parts.tsx";

/** `#/ops`: what waits for a decision, and (for supervisors) the latest staff actions. */
export function DashboardScreen() {
  const supervisor = useRoleAtLeast("supervisor");
  const queues = useEndpoint(opsApi.queues, {});
  const recent = useEndpoint(opsApi.audit, supervisor ? { query: {} } : null);
  const reload = () => {
    queues.reload();
    if (supervisor) recent.reload();
  };
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
        <QueueTile
          queue={tile("loans")}
          href="/ops/loans?status=pending"
          label={<Trans>Loans to review</Trans>}
        />
        <QueueTile
          queue={tile("dayTrading")}
          href="/ops/day-trading?status=pending"
          label={<Trans>Day-trading applications to review</Trans>}
        />
      </div>
      {supervisor && <RecentActions state={recent} retry={recent.reload} />}
      {supervisor && <LedgerCheckCard />}
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
        {queue ? formatNumber(queue.count, locale) : queue === null ? "—" : <span className="skeleton" />}
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
function RecentActions({ state, retry }: { state: AsyncState<{ items: AuditEntry[] }>; retry: () => void }) {
  const { i18n, t } = useLingui();
  return (
    <OpsCard title={<Trans>Latest staff actions</Trans>}>
      <Loaded state={state} retry={retry}>
        {({ items: entries }) =>
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
                  <span>{auditActionLabel(i18n, entry.action)}</span>
                  <Target target={entry.target} />
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

/** What an action was taken on, in words, opening its screen where it has one. */
function Target({ target }: { target: string }) {
  const { i18n } = useLingui();
  const path = auditTargetPath(target);
  const label = referenceLabel(i18n, target);
  return path ? (
    <Link href={path} className="ops-muted">
      {label}
    </Link>
  ) : (
    <span className="ops-muted">{label}</span>
  );
}

/**
 * The ledger check on demand: every balance recomputed from its entries, every journal added
 * up. It reads the whole ledger, so it runs when a supervisor asks, not with every refresh.
 */
function LedgerCheckCard() {
  const { i18n } = useLingui();
  const [busy, run] = useBusy();
  const [report, setReport] = useState<LedgerCheck>();
  return (
    <OpsCard title={<Trans>Ledger check</Trans>}>
      <p className="ops-muted">
        <Trans>Recomputes every balance from its entries and adds up every journal.</Trans>
      </p>
      <button
        type="button"
        className="button button--outline button--small"
        disabled={busy}
        data-testid="ledger-check-run"
        onClick={() => run(async () => setReport(await call(opsApi.ledgerCheck)))}
      >
        <Trans>Run the ledger check</Trans>
      </button>
      {report && (
        <div className="ops-ledger-result" data-testid="ledger-check-result" data-healthy={report.healthy}>
          {report.healthy ? (
            <p>
              <Trans>
                Healthy: {report.accounts} accounts and {report.journals} journals agree with their entries.
              </Trans>
            </p>
          ) : (
            <ul>
              <li>
                <Trans>Balances that differ from their entries: {report.drifted.length}</Trans>
              </li>
              <li>
                <Trans>Journals that do not add up: {report.unbalanced.length}</Trans>
              </li>
              <li>
                <Trans>Entries in another currency than their account: {report.mismatched}</Trans>
              </li>
              {report.checks.map((check) => {
                const finding = ledgerCheckFinding(check.name);
                const counted = finding && { ...finding, values: { count: check.count } };
                return (
                  <li key={check.name}>{counted ? i18n._(counted) : `${check.name}: ${check.count}`}</li>
                );
              })}
              <li>
                <Trans>Records that break the tamper-evident trail: {report.trail.length}</Trans>
                {report.trail.length > 0 && (
                  <span className="num"> ({report.trail.map((each) => each.record).join(", ")})</span>
                )}
              </li>
            </ul>
          )}
          <When ms={report.checkedAtMs} />
        </div>
      )}
    </OpsCard>
  );
}
