import type { AuditEntry } from "@kabuto/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useSearch } from "wouter";
import { navigate } from "../../app/hash-location.ts";
import { TextField } from "../../app/text-field.tsx";
import { notifyError } from "../../lib/notify.ts";
import { useAsync } from "../../lib/use-async.ts";
import { auditChanges, auditTargetPath } from "./audit-format.ts";
import { type AuditFilter, fetchAudit } from "./ops-api.ts";
import { Empty, Loaded, OpsPage, useReload, When } from "./parts.tsx";

/** Rows the server sends per page (staff.routes.ts): fewer means the oldest row is shown. */
const auditPageSize = 100;

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
  const search = useSearch();
  const filter = filterOf(search);
  const [version, reload] = useReload();
  const state = useAsync(`${search}#${version}`, () => fetchAudit(filter));
  return (
    <OpsPage title={<Trans>Audit log</Trans>}>
      <FilterForm key={search} filter={filter} />
      <Loaded state={state} retry={reload}>
        {(first) => <AuditList key={search} first={first} filter={filter} />}
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

function AuditList({ first, filter }: { first: AuditEntry[]; filter: AuditFilter }) {
  const { t } = useLingui();
  const [entries, setEntries] = useState(first);
  const [done, setDone] = useState(first.length < auditPageSize);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setEntries(first);
    setDone(first.length < auditPageSize);
  }, [first]);

  async function more() {
    const last = entries.at(-1);
    if (!last) return;
    setBusy(true);
    try {
      const page = await fetchAudit({ ...filter, before: last.id });
      setEntries((previous) => [...previous, ...page]);
      setDone(page.length < auditPageSize);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  if (entries.length === 0) {
    return (
      <Empty>
        <Trans>No actions recorded.</Trans>
      </Empty>
    );
  }
  return (
    <>
      <table className="ops-table">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Time</Trans>
            </th>
            <th scope="col">
              <Trans>Staff</Trans>
            </th>
            <th scope="col">
              <Trans>Action</Trans>
            </th>
            <th scope="col">
              <Trans>Target</Trans>
            </th>
            <th scope="col">
              <Trans>Changes</Trans>
            </th>
            <th scope="col">
              <Trans>Reason</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <AuditRow
              key={entry.id}
              entry={entry}
              labels={{
                time: t`Time`,
                staff: t`Staff`,
                action: t`Action`,
                target: t`Target`,
                changes: t`Changes`,
                reason: t`Reason`,
              }}
            />
          ))}
        </tbody>
      </table>
      {!done && (
        <div className="ops-more">
          <button
            type="button"
            className="button button--outline button--small"
            onClick={more}
            disabled={busy}
          >
            <Trans>Older actions</Trans>
          </button>
        </div>
      )}
    </>
  );
}

interface RowLabels {
  time: string;
  staff: string;
  action: string;
  target: string;
  changes: string;
  reason: string;
}

function AuditRow({ entry, labels }: { entry: AuditEntry; labels: RowLabels }) {
  const changes = auditChanges(entry.before, entry.after);
  const targetPath = auditTargetPath(entry.target);
  return (
    <tr>
      <td data-label={labels.time}>
        <When ms={entry.atMs} />
      </td>
      <td data-label={labels.staff}>
        {entry.staffId ? (
          <Link href={filterPath({ staffId: entry.staffId })}>{entry.staffLogin ?? entry.staffId}</Link>
        ) : (
          <span className="ops-muted">
            <Trans>System</Trans>
          </span>
        )}
      </td>
      <td data-label={labels.action}>
        <code className="ops-code ops-nowrap">{entry.action}</code>
      </td>
      <td data-label={labels.target}>
        <span className="ops-target">
          <Link href={filterPath({ target: entry.target })} className="ops-code">
            {entry.target}
          </Link>
          {targetPath && (
            <Link href={targetPath} className="ops-target__open">
              <Trans context="open a screen">Open</Trans>
            </Link>
          )}
        </span>
      </td>
      <td data-label={labels.changes}>
        {changes.length === 0 ? (
          <span className="ops-muted">—</span>
        ) : (
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
        )}
      </td>
      <td data-label={labels.reason}>{entry.reason ?? <span className="ops-muted">—</span>}</td>
    </tr>
  );
}
