import { createStaffSchema, type Staff, type StaffRole, staffRoles } from "@kabuto/shared/api/ops";
import { opsApi } from "@kabuto/shared/endpoints/ops";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { ChoiceChips } from "../../app/choice-chips.tsx";
import { call } from "../../lib/api.ts";
import { notifySuccess } from "../../lib/notify.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { type FieldErrors, fieldErrorsFromIssues } from "../auth/form-errors.ts";
import { roleLabels } from "./ops-layout.tsx";
import { useStaff } from "./ops-session.tsx";
import { type Column, OpsTable } from "./ops-table.tsx";
import { Loaded, OpsPage, refusedFields, Tag, useBusy, When } from "./parts.tsx";
import { ReasonDialog } from "./reason-dialog.tsx";
import { StaffField } from "./staff-fields.tsx";

/** `#/ops/staff` (admin): staff accounts, their roles, adding one, disabling one. */
export function StaffScreen() {
  // Adding or disabling someone is a change through the console's endpoints: the list is read again.
  const state = useEndpoint(opsApi.staffList, {});
  return (
    <OpsPage title={<Trans>Staff</Trans>}>
      <Loaded state={state} retry={state.reload}>
        {({ items }) => <StaffTable items={items} onChanged={state.reload} />}
      </Loaded>
      <CreateStaffForm onCreated={state.reload} />
    </OpsPage>
  );
}

function StaffTable({ items, onChanged }: { items: Staff[]; onChanged: () => void }) {
  const { i18n, t } = useLingui();
  const me = useStaff();
  const [toggling, setToggling] = useState<Staff | null>(null);
  const columns: Column<Staff>[] = [
    { label: t`Login`, cell: (staff) => <code className="ops-code">{staff.login}</code> },
    { label: t`Name`, cell: (staff) => staff.name },
    { label: t`Role`, cell: (staff) => i18n._(roleLabels[staff.role]) },
    { label: t`Since`, cell: (staff) => <When ms={staff.createdAtMs} /> },
    {
      label: t`Status`,
      cell: (staff) =>
        staff.disabled ? (
          <Tag tone="bad">
            <Trans>Disabled</Trans>
          </Tag>
        ) : (
          <Tag tone="good">
            <Trans>Active</Trans>
          </Tag>
        ),
    },
    {
      label: t`Actions`,
      kind: "actions",
      cell: (staff) => (
        <>
          <Link href={`/ops/audit?staffId=${staff.id}`} className="button button--ghost button--small">
            <Trans>Actions log</Trans>
          </Link>
          {staff.id !== me.id && (
            <button
              type="button"
              className={
                staff.disabled
                  ? "button button--outline button--small"
                  : "button button--danger-text button--small"
              }
              onClick={() => setToggling(staff)}
            >
              {staff.disabled ? <Trans>Enable</Trans> : <Trans>Disable</Trans>}
            </button>
          )}
        </>
      ),
    },
  ];
  return (
    <>
      <OpsTable rows={items} columns={columns} rowKey={(staff) => staff.id} />
      {toggling && <DisableDialog staff={toggling} onClose={() => setToggling(null)} onDone={onChanged} />}
    </>
  );
}

function DisableDialog({
  staff,
  onClose,
  onDone,
}: {
  staff: Staff;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const disable = !staff.disabled;
  return (
    <ReasonDialog
      id="staff-reason"
      title={disable ? <Trans>Disable {staff.login}?</Trans> : <Trans>Enable {staff.login}?</Trans>}
      confirmLabel={disable ? <Trans>Disable</Trans> : <Trans>Enable</Trans>}
      act={(reason) =>
        call(opsApi.setStaffDisabled, { params: { id: staff.id }, body: { disabled: disable, reason } })
      }
      doneMessage={disable ? t`Staff member disabled` : t`Staff member enabled`}
      onClose={onClose}
      onDone={onDone}
    >
      {disable && (
        <p>
          <Trans>Their sessions end at once and they can no longer sign in.</Trans>
        </p>
      )}
    </ReasonDialog>
  );
}

function CreateStaffForm({ onCreated }: { onCreated: () => void }) {
  const { i18n, t } = useLingui();
  const [login, setLogin] = useState("");
  const [name, setName] = useState("");
  const [role, setRole] = useState<StaffRole>("reviewer");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, run] = useBusy();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createStaffSchema.safeParse({ login, name, role, password });
    setErrors(parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues));
    if (!parsed.success) return;
    void run(
      async () => {
        const created = await call(opsApi.createStaff, { body: parsed.data });
        notifySuccess(t`Added ${created.login}`);
        setLogin("");
        setName("");
        setPassword("");
        onCreated();
      },
      (error) => setErrors((previous) => refusedFields(error) ?? previous),
    );
  }

  return (
    <form className="ops-card ops-form" onSubmit={submit} noValidate>
      <h2 className="ops-card__title">
        <Trans>Add a staff member</Trans>
      </h2>
      <div className="ops-form__grid">
        <StaffField
          id="staff-login"
          label={<Trans>Login</Trans>}
          value={login}
          onChange={(event) => setLogin(event.target.value)}
          autoCapitalize="none"
          spellCheck={false}
          autoComplete="off"
          field="login"
          error={errors.login}
        />
        <StaffField
          id="staff-name"
          label={<Trans>Name</Trans>}
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoComplete="off"
          field="name"
          error={errors.name}
        />
        <StaffField
          id="staff-password"
          label={<Trans>Initial password (10 characters or more)</Trans>}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          field="password"
          error={errors.password}
        />
      </div>
      <ChoiceChips
        name="staff-role"
        legend={<Trans>Role</Trans>}
        value={role}
        onChange={setRole}
        choices={staffRoles.map((value) => ({ value, label: i18n._(roleLabels[value]) }))}
        error={errors.role}
      />
      <p className="ops-muted">
        <Trans>
          Reviewers review identity checks, deposits and withdrawals. Supervisors also manage members, deposit
          channels, public settings and news, and read the audit log. Administrators also manage staff.
        </Trans>
      </p>
      <div className="ops-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          <Trans context="console">Add</Trans>
        </button>
      </div>
    </form>
  );
}
