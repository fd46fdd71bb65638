import {
  type RechargeChannel,
  type RechargeChannelInput,
  rechargeChannelInputSchema,
} from "@kabuto/shared/api/funding";
import { fundingApi } from "@kabuto/shared/endpoints/funding";
import { minorToDecimal } from "@kabuto/shared/money";
import type { Currency } from "@kabuto/shared/symbols";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { CheckField, TextField } from "../../../app/text-field.tsx";
import { call } from "../../../lib/api.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useEndpoint } from "../../../lib/queries.ts";
import { type FieldErrors, fieldErrorsFromIssues } from "../../auth/form-errors.ts";
import { type EditorForm, EditorPage } from "../../ops/editor-page.tsx";
import { OpsTable } from "../../ops/ops-table.tsx";
import { CurrencySelect, Empty, Loaded, Money, refusedFields, Tag, useBusy } from "../../ops/parts.tsx";

/** `#/ops/channels` (supervisor): the bank accounts members transfer deposits to, with their limits. */
export function ChannelsScreen() {
  const state = useEndpoint(fundingApi.opsChannels, {});
  return (
    <EditorPage<RechargeChannel>
      title={<Trans>Deposit channels</Trans>}
      addLabel={<Trans>Add a channel</Trans>}
      form={(channel, events) => <ChannelForm channel={channel} {...events} />}
    >
      {(edit) => (
        <Loaded state={state} retry={state.reload}>
          {({ items }) =>
            items.length === 0 ? (
              <Empty>
                <Trans>No channels yet: members cannot deposit until one is enabled.</Trans>
              </Empty>
            ) : (
              <ChannelTable items={items} onEdit={edit} />
            )
          }
        </Loaded>
      )}
    </EditorPage>
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
    <OpsTable
      rows={items}
      rowKey={(channel) => channel.id}
      columns={[
        {
          label: t({ message: "Name", context: "deposit channel" }),
          cell: (channel) => (
            <>
              {channel.name} <Tag>{channel.currency}</Tag>
            </>
          ),
        },
        {
          label: t`Bank`,
          cell: (channel) => (
            <>
              {channel.bankName}
              <span className="ops-sub">{channel.branch}</span>
            </>
          ),
        },
        {
          label: t({ message: "Account", context: "bank account" }),
          cell: (channel) => (
            <>
              {channel.accountName}
              <span className="ops-sub ops-code">{channel.accountNumber}</span>
            </>
          ),
        },
        {
          label: t`Limits`,
          cell: (channel) => (
            <>
              <Money amount={channel.min} currency={channel.currency} />
              {" – "}
              <Money amount={channel.max} currency={channel.currency} />
            </>
          ),
        },
        {
          label: t`Status`,
          cell: (channel) =>
            channel.enabled ? (
              <Tag tone="good">
                <Trans>Enabled</Trans>
              </Tag>
            ) : (
              <Tag>
                <Trans>Off</Trans>
              </Tag>
            ),
        },
        {
          label: t`Actions`,
          kind: "actions",
          cell: (channel) => (
            <button
              type="button"
              className="button button--outline button--small"
              onClick={() => onEdit(channel)}
            >
              <Trans>Edit</Trans>
            </button>
          ),
        },
      ]}
    />
  );
}

/** The languages a channel may be named in for its members, as the form names its fields. */
const nameFields = { ja: "nameJa", en: "nameEn", "zh-Hant": "nameZhHant" } as const;
type NameField = (typeof nameFields)[keyof typeof nameFields];

type Draft = Omit<RechargeChannelInput, "currency" | "enabled" | "names"> & {
  currency: Currency;
  enabled: boolean;
} & Record<NameField, string>;

/**
 * What the server stores for the draft's per-language names: none when all three are blank (every
 * member reads the channel name), otherwise all three, a blank one taking the channel name.
 */
export function namesOf(draft: Draft): RechargeChannelInput["names"] {
  const entries = Object.entries(nameFields).map(
    ([language, field]) => [language, draft[field].trim()] as const,
  );
  if (entries.every(([, name]) => name === "")) return null;
  const fallback = draft.name.trim();
  return Object.fromEntries(entries.map(([language, name]) => [language, name || fallback])) as NonNullable<
    RechargeChannelInput["names"]
  >;
}

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
      nameJa: "",
      nameEn: "",
      nameZhHant: "",
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
    nameJa: channel.names?.ja ?? "",
    nameEn: channel.names?.en ?? "",
    nameZhHant: channel.names?.["zh-Hant"] ?? "",
  };
}

/** Adds a channel or replaces every field of one (the server takes whole channels only). */
function ChannelForm({ channel, onClose, onSaved }: { channel: RechargeChannel | undefined } & EditorForm) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<Draft>(() => draftOf(channel));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, run] = useBusy();

  function field<K extends keyof Draft>(name: K) {
    return (value: Draft[K]) => {
      setDraft((previous) => ({ ...previous, [name]: value }));
      setErrors((previous) => ({ ...previous, [name]: undefined }));
    };
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const { nameJa: _ja, nameEn: _en, nameZhHant: _zh, ...fields } = draft;
    const parsed = rechargeChannelInputSchema.safeParse({ ...fields, names: namesOf(draft) });
    setErrors(parsed.success ? {} : fieldErrorsFromIssues(nameIssuesOnTheirFields(parsed.error.issues)));
    if (!parsed.success) return;
    void run(
      async () => {
        if (channel) await call(fundingApi.updateChannel, { params: { id: channel.id }, body: parsed.data });
        else await call(fundingApi.createChannel, { body: parsed.data });
        notifySuccess(t`Channel saved`);
        onSaved();
      },
      (error) => setErrors((previous) => refusedFields(error) ?? previous),
    );
  }

  const text = (
    name: "name" | "accountName" | "accountNumber" | "bankName" | "branch" | "min" | "max" | NameField,
  ) => ({
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
        <CurrencySelect id="channel-currency" value={draft.currency} onChange={field("currency")} />
        <TextField
          label={<Trans>Name for Japanese members (optional)</Trans>}
          hint={<Trans>Blank: the channel name</Trans>}
          {...text("nameJa")}
        />
        <TextField
          label={<Trans>Name for English members (optional)</Trans>}
          hint={<Trans>Blank: the channel name</Trans>}
          {...text("nameEn")}
        />
        <TextField
          label={<Trans>Name for Traditional Chinese members (optional)</Trans>}
          hint={<Trans>Blank: the channel name</Trans>}
          {...text("nameZhHant")}
        />
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

/** A refused per-language name (`names.en`) is shown on its own field (`nameEn`). */
function nameIssuesOnTheirFields<T extends { path: readonly PropertyKey[] }>(issues: readonly T[]): T[] {
  return issues.map((issue) => {
    const [first, language] = issue.path;
    if (first !== "names" || typeof language !== "string" || !(language in nameFields)) return issue;
    return { ...issue, path: [nameFields[language as keyof typeof nameFields], ...issue.path.slice(2)] };
  });
}
