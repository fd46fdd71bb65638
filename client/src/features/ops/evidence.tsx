import type { FundHistoryItem } from "@kabuto/shared/api/funding";
import type { AuditEntry } from "@kabuto/shared/api/ops";
import { opsApi } from "@kabuto/shared/endpoints/ops";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { useEndpoint } from "../../lib/queries.ts";
import { auditActionLabel } from "./code-words.ts";
import { uploadUrl } from "./ops-api.ts";
import { useRoleAtLeast } from "./ops-session.tsx";
import { Money, OpsCard, StatusTag, When } from "./parts.tsx";

/** An uploaded image (ID photo, receipt), opened full size in a new tab when clicked. */
export function Evidence({ id, label }: { id: string; label: string }) {
  return (
    <figure className="ops-evidence__item">
      <a href={uploadUrl(id)} target="_blank" rel="noopener noreferrer">
        <img src={uploadUrl(id)} alt={label} loading="lazy" />
      </a>
      <figcaption>{label}</figcaption>
    </figure>
  );
}

/** The member's earlier deposits and withdrawals, newest first, each opening its own review. */
export function FundHistory({ items }: { items: readonly FundHistoryItem[] }) {
  return (
    <OpsCard title={<Trans>Earlier requests of this member</Trans>}>
      {items.length === 0 ? (
        <p className="ops-muted">
          <Trans>No earlier deposits or withdrawals.</Trans>
        </p>
      ) : (
        <ul className="ops-history">
          {items.map((item) => (
            <li key={`${item.kind}:${item.id}`}>
              <Link href={`/ops/${item.kind === "deposit" ? "deposits" : "withdrawals"}/${item.id}`}>
                {item.kind === "deposit" ? (
                  <Trans>Deposit No. {item.id}</Trans>
                ) : (
                  <Trans>Withdrawal No. {item.id}</Trans>
                )}
              </Link>
              <Money amount={item.amount} currency={item.currency} />
              <StatusTag status={item.status} />
              <When ms={item.createdAtMs} />
            </li>
          ))}
        </ul>
      )}
    </OpsCard>
  );
}

/**
 * Who did what to one request, from the audit log (supervisors and up read it). Every action on
 * a request goes through an endpoint of the console's tag, which reads the trail again.
 */
export function useAuditTrail(target: string): AuditEntry[] | undefined {
  const allowed = useRoleAtLeast("supervisor");
  const state = useEndpoint(opsApi.audit, allowed ? { query: { target } } : null);
  return state.status === "ready" ? state.value.items : undefined;
}

export function AuditTrail({ target, entries }: { target: string; entries: AuditEntry[] | undefined }) {
  const { i18n, t } = useLingui();
  const allowed = useRoleAtLeast("supervisor");
  if (!allowed) return null;
  return (
    <OpsCard title={<Trans>Audit trail</Trans>} label={t`Audit trail`}>
      {entries === undefined ? (
        <span className="skeleton" style={{ width: "60%" }} />
      ) : entries.length === 0 ? (
        <p className="ops-muted">
          <Trans>No staff action yet.</Trans>
        </p>
      ) : (
        <ul className="ops-history">
          {entries.map((entry) => (
            <li key={entry.id}>
              <When ms={entry.atMs} />
              <span>{auditActionLabel(i18n, entry.action)}</span>
              <span>{entry.staffLogin ?? t`System`}</span>
              {entry.reason && <span className="ops-muted">{entry.reason}</span>}
            </li>
          ))}
        </ul>
      )}
      <Link href={`/ops/audit?target=${encodeURIComponent(target)}`} className="ops-small-link">
        <Trans>Open in the audit log</Trans>
      </Link>
    </OpsCard>
  );
}
