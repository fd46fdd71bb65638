import {
  type Currency,
  currencies,
  minorToDecimal,
  type RechargeChannel,
  type RechargeChannelInput,
  rechargeChannelInputSchema,
} from "@kabuto/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { CheckField, TextField } from "../../app/text-field.tsx";
import { ApiError } from "../../lib/api-error.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useAsync } from "../../lib/use-async.ts";
import { type FieldErrors, fieldErrorsFromIssues } from "../auth/form-errors.ts";
import { isCurrency } from "./adjustment-rules.ts";
import { createChannel, fetchChannels, updateChannel } from "./ops-api.ts";
import { Empty, Loaded, Money, OpsPage, useReload } from "./parts.tsx";

/** `#/ops/channels` (supervisor): the bank accounts members transfer deposits to, with their limits. */
export function ChannelsScreen() {
  const [version, reload] = useReload();
  const state = useAsync(`channels#${version}`, fetchChannels);
  const [editing, setEditing] = useState<RechargeChannel | "new" | null>(null);
  return (
    <OpsPage
      title={<Trans>Deposit channels</Trans>}
      actions={
        editing === null && (
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => setEditing("new")}
          >
            <Trans>Add a channel</Trans>
          </button>
        )
      }
    >
      {editing !== null && (
        <ChannelForm
          key={editing === "new" ? "new" : editing.id}
          channel={editing === "new" ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      <Loaded state={state} retry={reload}>
        {(items) =>
          items.length === 0 ? (
            <Empty>
              <Trans>No channels yet: members cannot deposit until one is enabled.</Trans>
            </Empty>
          ) : (
            <ChannelTable items={items} onEdit={setEditing} />
          )
        }
      </Loaded>
    </OpsPage>
  );
}

function ChannelTable({
  items,
  onEdit,
}: {
  items: RechargeChannel[];
  onEdit: (channel: RechargeChannel) => void;
}) {
  const { t } = useLingui();
  return (
    <table className="ops-table">
      <thead>
        <tr>
          <th scope="col">
            <Trans context="deposit channel">Name</Trans>
          </th>
          <th scope="col">
            <Trans>Bank</Trans>
          </th>
          <th scope="col">
            <Trans context="bank account">Account</Trans>
          </th>
          <th scope="col">
            <Trans>Limits</Trans>
          </th>
          <th scope="col">
            <Trans>Status</Trans>
          </th>
          <th scope="col">
            <span className="visually-hidden">
              <Trans>Actions</Trans>
            </span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((channel) => (
          <tr key={channel.id}>
            <td data-label={t({ message: "Name", context: "deposit channel" })}>
              {channel.name} <span className="ops-tag">{channel.currency}</span>
            </td>
            <td data-label={t`Bank`}>
              {channel.bankName}
              <span className="ops-sub">{channel.branch}</span>
            </td>
            <td data-label={t({ message: "Account", context: "bank account" })}>
              {channel.accountName}
              <span className="ops-sub ops-code">{channel.accountNumber}</span>
            </td>
            <td data-label={t`Limits`}>
              <Money amount={channel.min} currency={channel.currency} />
              {" – "}
              <Money amount={channel.max} currency={channel.currency} />
            </td>
            <td data-label={t`Status`}>
              {channel.enabled ? (
                <span className="ops-tag" data-tone="good">
                  <Trans>Enabled</Trans>
                </span>
              ) : (
                <span className="ops-tag">
                  <Trans>Off</Trans>
                </span>
              )}
            </td>
            <td className="ops-table__actions">
              <button
                type="button"
                className="button button--outline button--small"
                onClick={() => onEdit(channel)}
              >
                <Trans>Edit</Trans>
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type Draft = Omit<RechargeChannelInput, "currency" | "enabled"> & { currency: Currency; enabled: boolean };

function draftOf(channel: RechargeChannel | undefined): Draft {
  if (!channel) {
    return {
      name: "",
      currency: "JPY",
      accountName: "",
      accountNumber: "",
      bankName: "",
      branch: "",
      min: "",
      max: "",
      enabled: true,
    };
  }
  return {
    name: channel.name,
    currency: channel.currency,
    accountName: channel.accountName,
    accountNumber: channel.accountNumber,
    bankName: channel.bankName,
    branch: channel.branch,
    min: minorToDecimal(BigInt(channel.min), channel.currency),
    max: minorToDecimal(BigInt(channel.max), channel.currency),
    enabled: channel.enabled,
  };
}

/** Adds a channel or replaces every field of one (the server takes whole channels only). */
function ChannelForm({
  channel,
  onClose,
  onSaved,
}: {
  channel: RechargeChannel | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<Draft>(() => draftOf(channel));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  function field<K extends keyof Draft>(name: K) {
    return (value: Draft[K]) => {
      setDraft((previous) => ({ ...previous, [name]: value }));
      setErrors((previous) => ({ ...previous, [name]: undefined }));
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = rechargeChannelInputSchema.safeParse(draft);
    setErrors(parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues));
    if (!parsed.success) return;
    setBusy(true);
    try {
      if (channel) await updateChannel(channel.id, parsed.data);
      else await createChannel(parsed.data);
      notifySuccess(t`Channel saved`);
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  const text = (name: "name" | "accountName" | "accountNumber" | "bankName" | "branch" | "min" | "max") => ({
    id: `channel-${name}`,
    value: draft[name],
    onChange: (event: { target: { value: string } }) => field(name)(event.target.value),
    error: errors[name],
    autoComplete: "off",
  });

  return (
    <form className="ops-card ops-form" onSubmit={submit} noValidate>
      <h2 className="ops-card__title">
        {channel ? <Trans>Edit {channel.name}</Trans> : <Trans>New channel</Trans>}
      </h2>
      <div className="ops-form__grid">
        <TextField label={<Trans>Channel name (members see it)</Trans>} {...text("name")} />
        <div className="field">
          <label className="field__label" htmlFor="channel-currency">
            <Trans>Currency</Trans>
          </label>
          <select
            id="channel-currency"
            className="ops-select"
            value={draft.currency}
            onChange={(event) => isCurrency(event.target.value) && field("currency")(event.target.value)}
          >
            {currencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </div>
        <TextField label={<Trans>Bank</Trans>} {...text("bankName")} />
        <TextField label={<Trans>Branch</Trans>} {...text("branch")} />
        <TextField label={<Trans>Account name</Trans>} {...text("accountName")} />
        <TextField label={<Trans>Account number</Trans>} {...text("accountNumber")} />
        <TextField label={<Trans>Smallest deposit</Trans>} inputMode="decimal" {...text("min")} />
        <TextField label={<Trans>Largest deposit</Trans>} inputMode="decimal" {...text("max")} />
      </div>
      <CheckField id="channel-enabled" checked={draft.enabled} onChange={field("enabled")}>
        <Trans>Enabled: members can choose it</Trans>
      </CheckField>
      <div className="ops-form__actions">
        <button type="button" className="button button--outline" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="button button--primary" disabled={busy}>
          <Trans>Save</Trans>
        </button>
      </div>
    </form>
  );
}
