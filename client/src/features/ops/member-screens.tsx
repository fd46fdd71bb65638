import {
  adjustmentRequestSchema,
  type Currency,
  currencies,
  type FundRecord,
  type MemberFlagName,
  type MemberProfile,
  type MemberSummary,
  memberFlagNames,
  memberFlagsUpdateSchema,
} from "@kabuto/shared";
import { formatMoney } from "@kabuto/shared/format";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useRef, useState } from "react";
import { Link, useSearch } from "wouter";
import { ConfirmDialog } from "../../app/confirm-dialog.tsx";
import { navigate } from "../../app/hash-location.ts";
import { CheckField, TextField } from "../../app/text-field.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { IntentKeys } from "../../lib/intent-key.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useAsync } from "../../lib/use-async.ts";
import { summarizeChanges } from "../funds/fund-record.ts";
import { isCurrency, parseAdjustment } from "./adjustment-rules.ts";
import { AuditTrail, useAuditTrail } from "./evidence.tsx";
import { adjustMember, fetchMember, searchMembers, setMemberFlags } from "./ops-api.ts";
import { useRoleAtLeast } from "./ops-session.tsx";
import {
  Empty,
  Facts,
  Loaded,
  Money,
  OpsPage,
  StatusTag,
  TextArea,
  useReload,
  useRowLink,
  When,
} from "./parts.tsx";

const flagLabels: Record<MemberFlagName, MessageDescriptor> = {
  frozen: msg`Frozen: no sign-in, no orders, no deposits or withdrawals`,
  disabled: msg`Disabled: sessions end at once, no sign-in`,
  tradingBarred: msg`Barred from trading: may close positions, not open them`,
  withdrawBarred: msg`Barred from withdrawing`,
};

const flagShortLabels: Record<MemberFlagName, MessageDescriptor> = {
  frozen: msg`Frozen`,
  disabled: msg`Disabled`,
  tradingBarred: msg`No trading`,
  withdrawBarred: msg`No withdrawals`,
};

const purposeLabels: Record<string, MessageDescriptor> = {
  available: msg({ message: "Available", context: "ledger purpose" }),
  held: msg({ message: "Held", context: "ledger purpose" }),
  margin: msg({ message: "Margin", context: "ledger purpose" }),
  deficit: msg({ message: "Owed", context: "ledger purpose" }),
};

const journalLabels: Record<string, MessageDescriptor> = {
  deposit: msg({ message: "Deposit", context: "journal" }),
  withdrawal_hold: msg({ message: "Withdrawal requested (held)", context: "journal" }),
  withdrawal: msg({ message: "Withdrawal paid", context: "journal" }),
  withdrawal_release: msg({ message: "Withdrawal released", context: "journal" }),
  order_hold: msg({ message: "Order hold", context: "journal" }),
  order_release: msg({ message: "Order hold released", context: "journal" }),
  open: msg({ message: "Position opened", context: "journal" }),
  close: msg({ message: "Position closed", context: "journal" }),
  margin_add: msg({ message: "Margin added", context: "journal" }),
  margin_call: msg({ message: "Margin call", context: "journal" }),
  fee: msg({ message: "Fee", context: "journal" }),
  tax: msg({ message: "Tax", context: "journal" }),
  adjustment: msg({ message: "Adjustment", context: "journal" }),
  fx: msg({ message: "Currency exchange", context: "journal" }),
};

/** The flags a member carries, as short tags. */
function FlagTags({ member }: { member: MemberSummary }) {
  const { i18n } = useLingui();
  const set = memberFlagNames.filter((name) => member[name]);
  if (set.length === 0) return <span className="ops-muted">—</span>;
  return (
    <span className="ops-tags">
      {set.map((name) => (
        <span key={name} className="ops-tag" data-tone="bad">
          {i18n._(flagShortLabels[name])}
        </span>
      ))}
    </span>
  );
}

/** `#/ops/members?q=`: find a member by account prefix, id, real name or invitation code. */
export function MemberSearchScreen() {
  const search = useSearch();
  const q = new URLSearchParams(search).get("q") ?? "";
  const [text, setText] = useState(q);
  const [version, reload] = useReload();
  const state = useAsync(`${q}#${version}`, () => searchMembers(q, 0));

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
      <Loaded state={state} retry={reload}>
        {(first) => <MemberResults key={`${q}#${version}`} q={q} first={first} />}
      </Loaded>
    </OpsPage>
  );
}

function MemberResults({
  q,
  first,
}: {
  q: string;
  first: { items: MemberSummary[]; nextOffset: number | null };
}) {
  const { t } = useLingui();
  const rowLink = useRowLink();
  const [items, setItems] = useState(first.items);
  const [nextOffset, setNextOffset] = useState(first.nextOffset);
  const [busy, setBusy] = useState(false);

  async function more() {
    if (nextOffset === null) return;
    setBusy(true);
    try {
      const page = await searchMembers(q, nextOffset);
      setItems((previous) => [...previous, ...page.items]);
      setNextOffset(page.nextOffset);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  if (items.length === 0) {
    return (
      <Empty>
        <Trans>No member matches.</Trans>
      </Empty>
    );
  }
  return (
    <>
      <table className="ops-table">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Account</Trans>
            </th>
            <th scope="col">
              <Trans>Verified name</Trans>
            </th>
            <th scope="col">
              <Trans>Verification</Trans>
            </th>
            <th scope="col">
              <Trans>Flags</Trans>
            </th>
            <th scope="col">
              <Trans>Since</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((member) => (
            <tr key={member.id} {...rowLink(`/ops/members/${member.id}`)}>
              <td data-label={t`Account`}>
                <Link href={`/ops/members/${member.id}`} className="num">
                  {member.account}
                </Link>
              </td>
              <td data-label={t`Verified name`}>{member.realName ?? "—"}</td>
              <td data-label={t`Verification`}>
                <StatusTag status={member.verification} />
              </td>
              <td data-label={t`Flags`}>
                <FlagTags member={member} />
              </td>
              <td data-label={t`Since`}>
                <When ms={member.createdAtMs} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {nextOffset !== null && (
        <div className="ops-more">
          <button
            type="button"
            className="button button--outline button--small"
            onClick={more}
            disabled={busy}
          >
            <Trans>More members</Trans>
          </button>
        </div>
      )}
    </>
  );
}

/** `#/ops/members/:id`: who the member is, their money, flags and journals; flags and adjustments for supervisors. */
export function MemberDetailScreen({ id }: { id: string }) {
  const [version, reload] = useReload();
  const state = useAsync(`${id}#${version}`, () => fetchMember(id));
  return (
    <OpsPage title={<Trans>Member</Trans>} back={{ href: "/ops/members", label: <Trans>Members</Trans> }}>
      <Loaded state={state} retry={reload}>
        {(member) => <MemberDetail member={member} version={version} onChanged={reload} />}
      </Loaded>
    </OpsPage>
  );
}

function MemberDetail({
  member,
  version,
  onChanged,
}: {
  member: MemberProfile;
  version: number;
  onChanged: () => void;
}) {
  const supervisor = useRoleAtLeast("supervisor");
  const target = `member:${member.id}`;
  const trail = useAuditTrail(target, version);
  return (
    <div className="ops-columns">
      <div className="ops-stack">
        <section className="ops-card">
          <h2 className="ops-card__title num">{member.account}</h2>
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
        </section>
        <Balances member={member} />
        <Counts member={member} />
        <Journals items={member.recentJournals} />
      </div>
      <div className="ops-stack">
        {supervisor && <FlagsForm key={`flags#${version}`} member={member} onSaved={onChanged} />}
        {supervisor && <AdjustForm member={member} onPosted={onChanged} />}
        <AuditTrail target={target} entries={trail} />
      </div>
    </div>
  );
}

function Balances({ member }: { member: MemberProfile }) {
  const { i18n, t } = useLingui();
  const rows = member.balances.filter((balance) => balance.amount !== "0");
  return (
    <section className="ops-card">
      <h2 className="ops-card__title">
        <Trans>Balances</Trans>
      </h2>
      {rows.length === 0 ? (
        <p className="ops-muted">
          <Trans>No money yet.</Trans>
        </p>
      ) : (
        <table className="ops-table ops-table--plain">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Currency</Trans>
              </th>
              <th scope="col">
                <Trans context="ledger account">Account</Trans>
              </th>
              <th scope="col" className="ops-table__number">
                <Trans>Balance</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((balance) => {
              const label = purposeLabels[balance.purpose];
              return (
                <tr key={`${balance.currency}/${balance.purpose}`}>
                  <td data-label={t`Currency`}>{balance.currency}</td>
                  <td data-label={t({ message: "Account", context: "ledger account" })}>
                    {label ? i18n._(label) : balance.purpose}
                  </td>
                  <td data-label={t`Balance`} className="ops-table__number">
                    <Money amount={balance.amount} currency={balance.currency} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Counts({ member }: { member: MemberProfile }) {
  const { counts } = member;
  return (
    <section className="ops-card">
      <h2 className="ops-card__title">
        <Trans>Activity</Trans>
      </h2>
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
    </section>
  );
}

function Journals({ items }: { items: FundRecord[] }) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  return (
    <section className="ops-card">
      <h2 className="ops-card__title">
        <Trans>Recent journals</Trans>
      </h2>
      {items.length === 0 ? (
        <p className="ops-muted">
          <Trans>None yet.</Trans>
        </p>
      ) : (
        <table className="ops-table ops-table--plain">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Time</Trans>
              </th>
              <th scope="col">
                <Trans>Kind</Trans>
              </th>
              <th scope="col">
                <Trans>Changes</Trans>
              </th>
              <th scope="col">
                <Trans>Memo</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((record) => {
              const label = journalLabels[record.kind];
              const summary = summarizeChanges(record.changes);
              return (
                <tr key={record.id}>
                  <td data-label={t`Time`}>
                    <When ms={record.createdAtMs} />
                  </td>
                  <td data-label={t`Kind`}>{label ? i18n._(label) : record.kind}</td>
                  <td data-label={t`Changes`}>
                    <ul className="ops-moves num">
                      {[...summary.available, ...summary.others].map((move) => {
                        const purpose = purposeLabels[move.purpose];
                        return (
                          <li key={`${move.purpose}/${move.currency}`}>
                            {purpose ? i18n._(purpose) : move.purpose}{" "}
                            <span className="ops-nowrap">
                              {`${move.amount > 0n ? "+" : ""}${formatMoney(move.amount, move.currency, locale)}`}
                            </span>
                          </li>
                        );
                      })}
                    </ul>
                  </td>
                  <td data-label={t`Memo`}>{record.memo ?? record.ref ?? "—"}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Sets or clears flags; only the changed ones are sent, always with a reason. */
function FlagsForm({ member, onSaved }: { member: MemberProfile; onSaved: () => void }) {
  const { i18n, t } = useLingui();
  const initial = Object.fromEntries(memberFlagNames.map((name) => [name, member[name]])) as Record<
    MemberFlagName,
    boolean
  >;
  const [flags, setFlags] = useState(initial);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const changed = memberFlagNames.filter((name) => flags[name] !== initial[name]);

  function ask(event: FormEvent) {
    event.preventDefault();
    const parsed = memberFlagsUpdateSchema.safeParse({ ...changedFlags(), reason });
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) setConfirming(true);
  }

  function changedFlags(): Partial<Record<MemberFlagName, boolean>> {
    return Object.fromEntries(changed.map((name) => [name, flags[name]]));
  }

  async function save() {
    setBusy(true);
    try {
      await setMemberFlags(member.id, { ...changedFlags(), reason: reason.trim() });
      notifySuccess(t`Flags saved`);
      setConfirming(false);
      onSaved();
    } catch (caught) {
      notifyError(caught);
    } finally {
      setBusy(false);
    }
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
function AdjustForm({ member, onPosted }: { member: MemberProfile; onPosted: () => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const [currency, setCurrency] = useState<Currency>("JPY");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ amount?: string | undefined; reason?: string | undefined }>({});
  const [confirming, setConfirming] = useState<bigint | null>(null);
  const [busy, setBusy] = useState(false);
  const intents = useRef(new IntentKeys());

  function ask(event: FormEvent) {
    event.preventDefault();
    const parsedAmount = parseAdjustment(amount, currency);
    const parsed = adjustmentRequestSchema.safeParse({
      currency,
      amount: amount.trim().replace(/^\+/, ""),
      reason,
    });
    const reasonIssue = parsed.success
      ? undefined
      : parsed.error.issues.find((issue) => issue.path[0] === "reason");
    const found = {
      amount: parsedAmount.ok ? undefined : parsedAmount.error,
      reason: reasonIssue?.message,
    };
    setErrors(found);
    if (parsedAmount.ok && !found.reason) setConfirming(parsedAmount.minor);
  }

  async function post() {
    const request = { currency, amount: amount.trim().replace(/^\+/, ""), reason: reason.trim() };
    const key = intents.current.keyFor(JSON.stringify(request));
    setBusy(true);
    try {
      await adjustMember(member.id, request, key);
      intents.current.settle();
      notifySuccess(t`Adjustment posted`);
      setConfirming(null);
      setAmount("");
      setReason("");
      onPosted();
    } catch (caught) {
      intents.current.settle(caught);
      notifyError(caught);
    } finally {
      setBusy(false);
    }
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
        <div className="field">
          <label className="field__label" htmlFor="adjust-currency">
            <Trans>Currency</Trans>
          </label>
          <select
            id="adjust-currency"
            className="ops-select"
            value={currency}
            onChange={(event) => isCurrency(event.target.value) && setCurrency(event.target.value)}
          >
            {currencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </div>
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
