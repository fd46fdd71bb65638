import type { OpsConfigEntry } from "@kabuto/shared/api/ops";
import { opsApi } from "@kabuto/shared/endpoints/ops";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { TextField } from "../../app/text-field.tsx";
import { call } from "../../lib/api.ts";
import { ApiError, type FieldError } from "../../lib/api-error.ts";
import { notifySuccess } from "../../lib/notify.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { Facts, Loaded, OpsCard, OpsPage, useBusy } from "./parts.tsx";

/** What each public setting is, for staff; a setting the console does not know shows its name. */
const entryLabels: Record<string, MessageDescriptor> = {
  title: msg`Page title`,
  customerServiceUrl: msg`Customer service link`,
  onlineSupportUrl: msg`Online support link`,
  supportEmail: msg`Support email`,
  fundHours: msg`Deposit and withdrawal hours (Tokyo time, business days)`,
  withdrawMin: msg`Smallest withdrawal per currency`,
};

function entryLabel(i18n: I18n, name: string): string {
  const label = entryLabels[name];
  return label ? i18n._(label) : name;
}

const entryHints: Record<OpsConfigEntry["kind"], MessageDescriptor> = {
  text: msg`Plain text.`,
  url: msg`An http or https address, or /user/pj for the app's online support chat; empty hides the link.`,
  email: msg`An email address; empty hides it.`,
};

/** `#/ops/config` (supervisor): the settings every visitor reads, such as the title and support links. */
export function ConfigScreen() {
  const state = useEndpoint(opsApi.config, {});
  return (
    <OpsPage title={<Trans>Public settings</Trans>}>
      <Loaded state={state} retry={state.reload}>
        {({ items: entries }) => (
          <>
            <div className="ops-stack ops-narrow">
              {entries
                .filter((entry) => entry.editable)
                .map((entry) => (
                  // A save reads the settings again (it changed the console's tag): the form starts
                  // again from the value saved.
                  <EntryForm key={`${entry.name}#${entry.value}`} entry={entry} />
                ))}
            </div>
            <ReadOnlyEntries entries={entries.filter((entry) => !entry.editable)} />
          </>
        )}
      </Loaded>
    </OpsPage>
  );
}

function EntryForm({ entry }: { entry: OpsConfigEntry }) {
  const { i18n, t } = useLingui();
  const [value, setValue] = useState(entry.value);
  const [error, setError] = useState<FieldError>();
  const [busy, run] = useBusy();

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(
      async () => {
        await call(opsApi.setConfig, { params: { name: entry.name }, body: { value: value.trim() } });
        setError(undefined);
        notifySuccess(t`Saved`);
      },
      (caught) => caught instanceof ApiError && setError(caught.fields.value ?? caught.code),
    );
  }

  return (
    <form className="ops-card ops-config" onSubmit={submit} noValidate>
      <TextField
        id={`config-${entry.name}`}
        label={entryLabel(i18n, entry.name)}
        type={entry.kind === "url" ? "url" : entry.kind === "email" ? "email" : "text"}
        value={value}
        maxLength={entry.maxLength}
        placeholder={entry.defaultValue}
        onChange={(event) => setValue(event.target.value)}
        error={error}
        autoComplete="off"
      />
      <div className="ops-config__foot">
        <p className="field__hint">
          <span>{i18n._(entryHints[entry.kind])}</span>
          {entry.defaultValue && <span>{t`Default: ${entry.defaultValue}`}</span>}
          <code className="ops-code">{entry.name}</code>
        </p>
        <button
          type="submit"
          className="button button--primary button--small"
          disabled={busy || value.trim() === entry.value}
        >
          <Trans>Save</Trans>
        </button>
      </div>
    </form>
  );
}

/** Hours and limits the servers enforce from their own settings: shown, changed only by a deployment. */
function ReadOnlyEntries({ entries }: { entries: OpsConfigEntry[] }) {
  const { i18n } = useLingui();
  if (entries.length === 0) return null;
  return (
    <OpsCard title={<Trans>Set by the deployment</Trans>}>
      <p className="ops-muted">
        <Trans>These are enforced by the servers and change only with their configuration.</Trans>
      </p>
      <Facts
        items={entries.map((entry) => [
          entryLabel(i18n, entry.name),
          <code key="v" className="ops-code">
            {entry.value}
          </code>,
        ])}
      />
    </OpsCard>
  );
}
