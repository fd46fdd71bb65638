import type { AuditEntry } from "@kabuto/shared/api/ops";
import { opsApi } from "@kabuto/shared/endpoints/ops";
import { formatMoney } from "@kabuto/shared/format";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { Link, useSearch } from "wouter";
import { navigate } from "../../app/hash-location.ts";
import { TextField } from "../../app/text-field.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { call } from "../../lib/api.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { auditChanges, auditTargetPath } from "./audit-format.ts";
import { referenceLabel } from "./code-labels.ts";
import { auditActionLabel } from "./code-words.ts";
import type { AuditFilter, Page } from "./ops-api.ts";
import { type Column, PagedTable } from "./ops-table.tsx";
import { Loaded, OpsPage, When } from "./parts.tsx";

/** Entries the server sends per page (staff.routes.ts): fewer means the oldest entry is among them. */
const auditPageSize = 100;

/** The filter as the query sends it: what is empty is left out. */
function auditQuery(filter: AuditFilter) {
  return {
    query: {
      target: filter.target || undefined,
      staffId: filter.staffId || undefined,
      before: filter.before || undefined,
    },
  };
}

/** A page of the audit log, newest first; the next page starts before its last entry. */
function auditPage({ items }: { items: AuditEntry[] }): Page<AuditEntry, string> {
  const last = items.at(-1);
  return { items, next: items.length < auditPageSize || !last ? null : last.id };
}

/** The filter lives in the address, so a filtered view can be shared and survives going back. */
function filterOf(search: string): AuditFilter {
  const params = new URLSearchParams(search);
  return { target: params.get("target") ?? undefined, staffId: params.get("staffId") ?? undefined };
}

function filterPath(filter: AuditFilter): string {
  const params = new URLSearchParams();
  if (filter.target) params.set("target", filter.target);
  if (filter.staffId) params.set("staffId", filter.staffId);
  const text = params.toString();
  return text ? `/ops/audit?${text}` : "/ops/audit";
}

/** `#/ops/audit`: every staff action, newest first, by target or by staff member. Read-only. */
export function AuditScreen() {
  const { t, i18n } = useLingui();
  const search = useSearch();
  const filter = filterOf(search);
  const first = useEndpoint(opsApi.audit, auditQuery(filter));
  const state =
    first.status === "ready" ? { status: "ready" as const, value: auditPage(first.value) } : first;
  const columns: Column<AuditEntry>[] = [
    { label: t`Time`, cell: (entry) => <When ms={entry.atMs} /> },
    { label: t`Staff`, cell: (entry) => <StaffCell entry={entry} /> },
    {
      label: t`Action`,
      // The code stays beside the words, small: it is what staff quote to engineers.
      cell: (entry) => (
        <span className="ops-action" data-testid="audit-action">
          <span>{auditActionLabel(i18n, entry.action)}</span>
          <code className="ops-code ops-muted ops-nowrap">{entry.action}</code>
        </span>
      ),
    },
    { label: t`Target`, cell: (entry) => <TargetCell target={entry.target} /> },
    { label: t`Changes`, cell: (entry) => <Changes entry={entry} /> },
    { label: t`Reason`, cell: (entry) => entry.reason ?? <span className="ops-muted">—</span> },
  ];
  return (
    <OpsPage title={<Trans>Audit log</Trans>}>
      <FilterForm key={search} filter={filter} />
      <Loaded state={state} retry={first.reload}>
        {(page) => (
          <PagedTable
            first={page}
            loadNext={async (before) =>
              auditPage(await call(opsApi.audit, auditQuery({ ...filter, before })))
            }
            columns={columns}
            rowKey={(entry) => entry.id}
            empty={<Trans>No actions recorded.</Trans>}
            moreLabel={<Trans>Older actions</Trans>}
          />
        )}
      </Loaded>
    </OpsPage>
  );
}

function FilterForm({ filter }: { filter: AuditFilter }) {
  const [target, setTarget] = useState(filter.target ?? "");
  function submit(event: FormEvent) {
    event.preventDefault();
    navigate(filterPath({ target: target.trim() || undefined, staffId: filter.staffId }));
  }
  return (
    <form className="ops-toolbar" onSubmit={submit}>
      <TextField
        id="audit-target"
        label={<Trans>Target (e.g. deposit:12)</Trans>}
        value={target}
        onChange={(event) => setTarget(event.target.value)}
        spellCheck={false}
        autoCapitalize="none"
      />
      <button type="submit" className="button button--primary">
        <Trans>Filter</Trans>
      </button>
      {(filter.target || filter.staffId) && (
        <Link href="/ops/audit" className="button button--ghost">
          <Trans>Show all</Trans>
        </Link>
      )}
      {filter.staffId && (
        <p className="ops-muted ops-toolbar__note">
          <Trans>Only actions of one staff member.</Trans>
        </p>
      )}
    </form>
  );
}

function StaffCell({ entry }: { entry: AuditEntry }) {
  if (!entry.staffId) {
    return (
      <span className="ops-muted">
        <Trans>System</Trans>
      </span>
    );
  }
  return <Link href={filterPath({ staffId: entry.staffId })}>{entry.staffLogin ?? entry.staffId}</Link>;
}

function TargetCell({ target }: { target: string }) {
  const { i18n } = useLingui();
  const targetPath = auditTargetPath(target);
  return (
    <span className="ops-target">
      {/* In words, as the action is, with the code beside: it is what the filter above takes. */}
      <Link href={filterPath({ target })}>{referenceLabel(i18n, target)}</Link>
      <code className="ops-code ops-muted ops-nowrap">{target}</code>
      {targetPath && (
        <Link href={targetPath} className="ops-target__open">
          <Trans context="open a screen">Open</Trans>
        </Link>
      )}
    </span>
  );
}

function Changes({ entry }: { entry: AuditEntry }) {
  const locale = useLocale();
  const changes = auditChanges(entry.before, entry.after, (minor, currency) =>
    formatMoney(minor, currency, locale),
  );
  if (changes.length === 0) return <span className="ops-muted">—</span>;
  return (
    <ul className="ops-changes">
      {changes.map((change) => (
        <li key={change.field ?? ""}>
          {change.field && <span className="ops-changes__field">{change.field}</span>}
          <span className="ops-changes__before">{change.before ?? "∅"}</span>
          <span aria-hidden="true">→</span>
          <span className="ops-changes__after">{change.after ?? "∅"}</span>
        </li>
      ))}
    </ul>
  );
}
