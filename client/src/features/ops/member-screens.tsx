import {
  adjustmentRequestSchema,
  type MemberFlagName,
  type MemberProfile,
  type MemberSummary,
  memberFlagNames,
  memberFlagsUpdateSchema,
  roleAtLeast,
} from "@kabuto/shared/api/ops";
import type { FundRecord } from "@kabuto/shared/api/trading";
import { opsApi } from "@kabuto/shared/endpoints/ops";
import { formatMoney } from "@kabuto/shared/format";
import type { Currency } from "@kabuto/shared/symbols";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, Suspense, useRef, useState } from "react";
import { Link, useSearch } from "wouter";
import { ConfirmDialog } from "../../app/confirm-dialog.tsx";
import type { MemberCard } from "../../app/feature.ts";
import { navigate } from "../../app/hash-location.ts";
import { CheckField, TextField } from "../../app/text-field.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { call } from "../../lib/api.ts";
import type { FieldError } from "../../lib/api-error.ts";
import { IntentKeys } from "../../lib/intent-key.ts";
import { notifySuccess } from "../../lib/notify.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { firstFieldError } from "../auth/form-errors.ts";
import { summarizeChanges } from "../funds/fund-record.ts";
import { useRecordMemo } from "../funds/memo-text.ts";
import { parseAdjustment } from "./adjustment-rules.ts";
import { purposeLabel, referenceLabel } from "./code-labels.ts";
import { journalKindLabel } from "./code-words.ts";
import { DetailScreen } from "./detail-screen.tsx";
import { FlagTags, flagShortLabels } from "./member-flags.tsx";
import type { Page } from "./ops-api.ts";
import { memberCards } from "./ops-nav.ts";
import { useRoleAtLeast, useStaff } from "./ops-session.tsx";
import { type Column, OpsTable, PagedTable } from "./ops-table.tsx";
import {
  CurrencySelect,
  Facts,
  Loaded,
  Money,
  OpsCard,
  OpsPage,
  StatusTag,
  TextArea,
  useBusy,
  When,
} from "./parts.tsx";

const flagLabels: Record<MemberFlagName, MessageDescriptor> = {
  frozen: msg`Frozen: no sign-in, no orders, no deposits or withdrawals`,
  disabled: msg`Disabled: sessions end at once, no sign-in`,
  tradingBarred: msg`Barred from trading: may close positions, not open them`,
  withdrawBarred: msg`Barred from withdrawing`,
};

const memberPath = (member: { id: string }) => `/ops/members/${member.id}`;

/** The search's query from `offset` on: an empty search and the first page send neither. */
function memberQuery(q: string, offset: number) {
  return { query: { q: q.trim() || undefined, offset: offset > 0 ? offset : undefined } };
}

/** A page of the search as the paged table takes it. */
function pageOf(list: { items: MemberSummary[]; nextOffset: number | null }): Page<MemberSummary, number> {
  return { items: list.items, next: list.nextOffset };
}

/** `#/ops/members?q=`: find a member by account prefix, id, real name or invitation code. */
export function MemberSearchScreen() {
  const { t } = useLingui();
  const search = useSearch();
  const q = new URLSearchParams(search).get("q") ?? "";
  const [text, setText] = useState(q);
  const first = useEndpoint(opsApi.members, memberQuery(q, 0));
  const state = first.status === "ready" ? { status: "ready" as const, value: pageOf(first.value) } : first;
  const columns: Column<MemberSummary>[] = [
    {
      label: t`Account`,
      cell: (member) => (
        <Link href={memberPath(member)} className="num">
          {member.account}
        </Link>
      ),
    },
    { label: t`Verified name`, cell: (member) => member.realName ?? "—" },
    { label: t`Verification`, cell: (member) => <StatusTag status={member.verification} /> },
    { label: t`Flags`, cell: (member) => <FlagTags member={member} /> },
    { label: t`Since`, cell: (member) => <When ms={member.createdAtMs} /> },
  ];

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = text.trim();
    navigate(next ? `/ops/members?q=${encodeURIComponent(next)}` : "/ops/members", { replace: true });
  }

  return (
    <OpsPage title={<Trans>Members</Trans>}>
      <form className="ops-toolbar" onSubmit={submit}>
        <TextField
          id="member-q"
          type="search"
          label={<Trans>Mobile number, member ID, name or invitation code</Trans>}
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
        <button type="submit" className="button button--primary">
          <Trans context="member search">Search</Trans>
        </button>
      </form>
      <Loaded state={state} retry={first.reload}>
        {(page) => (
          <PagedTable
            first={page}
            loadNext={async (offset) => pageOf(await call(opsApi.members, memberQuery(q, offset)))}
            columns={columns}
            rowKey={(member) => member.id}
            rowHref={memberPath}
            empty={<Trans>No member matches.</Trans>}
            moreLabel={<Trans>More members</Trans>}
          />
        )}
      </Loaded>
    </OpsPage>
  );
}

/** `#/ops/members/:id`: who the member is, their money, flags and journals; flags and adjustments for supervisors. */
export function MemberDetailScreen({ id }: { id: string }) {
  const supervisor = useRoleAtLeast("supervisor");
  return (
    <DetailScreen
      spec={opsApi.member}
      input={{ params: { id } }}
      title={<Trans>Member</Trans>}
      back={{ href: "/ops/members", label: <Trans>Members</Trans> }}
      target={`member:${id}`}
      main={(member) => (
        <>
          <Profile member={member} />
          <Balances member={member} />
          <Counts member={member} />
          <MemberCards memberId={member.id} place="main" />
          <Journals items={member.recentJournals} />
        </>
      )}
      side={(member) =>
        supervisor && (
          <>
            {/* Saved flags are read again (the console's tag): the form starts again from them. */}
            <FlagsForm key={flagsKey(member)} member={member} />
            <AdjustForm member={member} />
            <MemberCards memberId={member.id} place="side" />
          </>
        )
      }
    />
  );
}

/** The products' cards for this place on the page that the staff member's role may see. */
function MemberCards({ memberId, place }: { memberId: string; place: MemberCard["place"] }) {
  const { role } = useStaff();
  return memberCards
    .filter((card) => card.place === place && roleAtLeast(role, card.role))
    .map(({ card: Card }, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once the console has loaded.
      <Suspense key={index} fallback={<div className="ops-card" aria-busy="true" />}>
        <Card memberId={memberId} />
      </Suspense>
    ));
}

export function Profile({ member }: { member: MemberProfile }) {
  return (
    <OpsCard title={<span className="num">{member.account}</span>}>
      <Facts
        items={[
          [
            <Trans key="i">Member ID</Trans>,
            <span key="v" className="ops-code">
              {member.id}
            </span>,
          ],
          [<Trans key="v">Verification</Trans>, <StatusTag key="v" status={member.verification} />],
          [<Trans key="n">Verified name</Trans>, member.realName ?? "—"],
          [<Trans key="c">Invitation code</Trans>, member.inviteCode],
          [<Trans key="b">Invited by</Trans>, member.invitedByAccount ?? "—"],
          [<Trans key="s">Member since</Trans>, <When key="v" ms={member.createdAtMs} />],
          [<Trans key="f">Flags</Trans>, <FlagTags key="v" member={member} />],
        ]}
      />
    </OpsCard>
  );
}

export function Balances({ member }: { member: MemberProfile }) {
  const { i18n, t } = useLingui();
  const rows = member.balances.filter((balance) => balance.amount !== "0");
  return (
    <OpsCard title={<Trans>Balances</Trans>}>
      {rows.length === 0 ? (
        <p className="ops-muted">
          <Trans>No money yet.</Trans>
        </p>
      ) : (
        <OpsTable
          plain
          rows={rows}
          rowKey={(balance) => `${balance.currency}/${balance.purpose}`}
          columns={[
            { label: t`Currency`, cell: (balance) => balance.currency },
            {
              label: t({ message: "Account", context: "ledger account" }),
              cell: (balance) => purposeLabel(i18n, balance.purpose),
            },
            {
              label: t`Balance`,
              kind: "number",
              cell: (balance) => <Money amount={balance.amount} currency={balance.currency} />,
            },
          ]}
        />
      )}
    </OpsCard>
  );
}

function Counts({ member }: { member: MemberProfile }) {
  const { counts } = member;
  return (
    <OpsCard title={<Trans>Activity</Trans>}>
      <Facts
        items={[
          [
            <Trans key="d">Deposits</Trans>,
            <Trans key="v">
              {counts.deposits} ({counts.depositsPending} pending)
            </Trans>,
          ],
          [
            <Trans key="w">Withdrawals</Trans>,
            <Trans key="v">
              {counts.withdrawals} ({counts.withdrawalsOpen} open)
            </Trans>,
          ],
          [
            <Trans key="p" context="member activity">
              Positions
            </Trans>,
            <Trans key="v">
              {counts.positionsHolding} held, {counts.positionsClosed} closed
            </Trans>,
          ],
          [<Trans key="o">Pending orders</Trans>, counts.ordersPending],
          [<Trans key="s">Signed-in sessions</Trans>, counts.activeSessions],
        ]}
      />
    </OpsCard>
  );
}

function Journals({ items }: { items: FundRecord[] }) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const memoOf = useRecordMemo();
  return (
    <OpsCard title={<Trans>Recent journals</Trans>}>
      {items.length === 0 ? (
        <p className="ops-muted">
          <Trans>None yet.</Trans>
        </p>
      ) : (
        <OpsTable
          plain
          rows={items}
          rowKey={(record) => record.id}
          columns={[
            { label: t`Time`, cell: (record) => <When ms={record.createdAtMs} /> },
            {
              label: t`Kind`,
              cell: (record) => journalKindLabel(i18n, record.kind),
            },
            {
              label: t`Changes`,
              cell: (record) => {
                const summary = summarizeChanges(record.changes);
                return (
                  <ul className="ops-moves num">
                    {[...summary.available, ...summary.others].map((move) => (
                      <li key={`${move.purpose}/${move.currency}`}>
                        {purposeLabel(i18n, move.purpose)}{" "}
                        <span className="ops-nowrap">
                          {`${move.amount > 0n ? "+" : ""}${formatMoney(move.amount, move.currency, locale)}`}
                        </span>
                      </li>
                    ))}
                  </ul>
                );
              },
            },
            {
              label: t`Memo`,
              // The member's own words for it; a journal with no description names what it belongs to.
              cell: (record) =>
                memoOf(record) ?? (record.ref === null ? "—" : referenceLabel(i18n, record.ref)),
            },
          ]}
        />
      )}
    </OpsCard>
  );
}

/** The member's flags as they were read, which the flags form starts from. */
function flagsKey(member: MemberProfile): string {
  return memberFlagNames.map((name) => `${name}:${member[name]}`).join(",");
}

/** Sets or clears flags; only the changed ones are sent, always with a reason. */
function FlagsForm({ member }: { member: MemberProfile }) {
  const { i18n, t } = useLingui();
  const initial = Object.fromEntries(memberFlagNames.map((name) => [name, member[name]])) as Record<
    MemberFlagName,
    boolean
  >;
  const [flags, setFlags] = useState(initial);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<FieldError>();
  const [confirming, setConfirming] = useState(false);
  const [busy, run] = useBusy();
  const changed = memberFlagNames.filter((name) => flags[name] !== initial[name]);

  function ask(event: FormEvent) {
    event.preventDefault();
    const parsed = memberFlagsUpdateSchema.safeParse({ ...changedFlags(), reason });
    setError(parsed.success ? undefined : firstFieldError(parsed.error.issues));
    if (parsed.success) setConfirming(true);
  }

  function changedFlags(): Partial<Record<MemberFlagName, boolean>> {
    return Object.fromEntries(changed.map((name) => [name, flags[name]]));
  }

  function save() {
    void run(async () => {
      await call(opsApi.setMemberFlags, {
        params: { id: member.id },
        body: { ...changedFlags(), reason: reason.trim() },
      });
      notifySuccess(t`Flags saved`);
      setConfirming(false);
    });
  }

  return (
    <form className="ops-card ops-form" onSubmit={ask}>
      <h2 className="ops-card__title">
        <Trans>Account flags</Trans>
      </h2>
      <div className="ops-checks">
        {memberFlagNames.map((name) => (
          <CheckField
            key={name}
            id={`flag-${name}`}
            checked={flags[name]}
            onChange={(checked) => setFlags((previous) => ({ ...previous, [name]: checked }))}
          >
            {i18n._(flagLabels[name])}
          </CheckField>
        ))}
      </div>
      <TextArea
        id="flags-reason"
        label={<Trans>Reason (kept in the audit log)</Trans>}
        value={reason}
        onChange={setReason}
        error={error}
        maxLength={500}
      />
      <div className="ops-form__actions">
        <button type="submit" className="button button--primary" disabled={changed.length === 0}>
          <Trans>Save flags</Trans>
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={<Trans>Change the flags of {member.account}?</Trans>}
        confirmLabel={<Trans>Save</Trans>}
        onConfirm={save}
        busy={busy}
      >
        <ul className="ops-dialog-list">
          {changed.map((name) => {
            const flag = i18n._(flagShortLabels[name]);
            return <li key={name}>{flags[name] ? t`Set: ${flag}` : t`Clear: ${flag}`}</li>;
          })}
        </ul>
      </ConfirmDialog>
    </form>
  );
}

/** An adjusting journal: credit or debit the member's available cash, with the reason they will read. */
function AdjustForm({ member }: { member: MemberProfile }) {
  const { t } = useLingui();
  const locale = useLocale();
  const [currency, setCurrency] = useState<Currency>("JPY");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ amount?: string | undefined; reason?: FieldError | undefined }>({});
  const [confirming, setConfirming] = useState<bigint | null>(null);
  const [busy, run] = useBusy();
  const intents = useRef(new IntentKeys());
  // The server takes an unsigned amount for a credit: a leading "+" is only how staff type it.
  const typedAmount = amount.trim().replace(/^\+/, "");

  function ask(event: FormEvent) {
    event.preventDefault();
    const parsedAmount = parseAdjustment(amount, currency);
    const parsed = adjustmentRequestSchema.safeParse({ currency, amount: typedAmount, reason });
    const found = {
      amount: parsedAmount.ok ? undefined : parsedAmount.error,
      reason: parsed.success ? undefined : firstFieldError(parsed.error.issues, "reason"),
    };
    setErrors(found);
    if (parsedAmount.ok && !found.reason) setConfirming(parsedAmount.minor);
  }

  function post() {
    const request = { currency, amount: typedAmount, reason: reason.trim() };
    const key = intents.current.keyFor(JSON.stringify(request));
    void run(
      async () => {
        await call(opsApi.adjust, { params: { id: member.id }, body: request }, { idempotencyKey: key });
        intents.current.settle();
        notifySuccess(t`Adjustment posted`);
        setConfirming(null);
        setAmount("");
        setReason("");
      },
      (caught) => intents.current.settle(caught),
    );
  }

  const figure =
    confirming === null ? "" : formatMoney(confirming < 0n ? -confirming : confirming, currency, locale);
  return (
    <form className="ops-card ops-form" onSubmit={ask} noValidate>
      <h2 className="ops-card__title">
        <Trans>Adjusting journal</Trans>
      </h2>
      <p className="ops-muted">
        <Trans>
          Corrects the member's available cash. A negative amount debits it. The member sees the reason in
          their fund records.
        </Trans>
      </p>
      <div className="ops-form__grid">
        <CurrencySelect id="adjust-currency" value={currency} onChange={setCurrency} />
        <TextField
          id="adjust-amount"
          label={<Trans>Amount (e.g. 1000 or -1000)</Trans>}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={errors.amount}
        />
      </div>
      <TextArea
        id="adjust-reason"
        label={<Trans>Reason (the member sees it)</Trans>}
        value={reason}
        onChange={setReason}
        error={errors.reason}
        maxLength={500}
      />
      <div className="ops-form__actions">
        <button type="submit" className="button button--primary">
          <Trans>Post adjustment</Trans>
        </button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={
          confirming !== null && confirming < 0n ? (
            <Trans>
              Debit {figure} from {member.account}?
            </Trans>
          ) : (
            <Trans>
              Credit {figure} to {member.account}?
            </Trans>
          )
        }
        confirmLabel={<Trans>Post</Trans>}
        onConfirm={post}
        busy={busy}
      >
        <p>
          <Trans>Reason: {reason.trim()}</Trans>
        </p>
      </ConfirmDialog>
    </form>
  );
}
