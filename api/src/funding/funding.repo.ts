import type {
  ChannelNames,
  Deposit,
  FundHistoryItem,
  OpsDeposit,
  OpsWithdrawal,
  OpsWithdrawalDetail,
  RechargeChannel,
  Withdrawal,
} from "@kabuto/shared/api/funding";
import { requestStatuses, withdrawalStatuses } from "@kabuto/shared/api/funding";
import { sides } from "@kabuto/shared/api/trading";
import type { Currency } from "@kabuto/shared/symbols";
import type { Side } from "@kabuto/shared/trading/rules";
import { sql } from "drizzle-orm";
import { mapOneRow, mapRows, type RawRow } from "../db/raw-rows.ts";
import { maskTail } from "../identity/rules.ts";
import type { Tx } from "../ledger/ledger.repo.ts";
import { channelNamesOf } from "./channels.repo.ts";

/** Rows a member's list returns at most: years of requests at one a day. */
const memberListLimit = 200;
/** Requests an operations queue page shows. */
const opsListLimit = 100;
/** Earlier requests shown beside each one under review: enough to see a pattern. */
export const historyMax = 10;

const fundKinds = ["deposit", "withdrawal"] as const satisfies readonly FundHistoryItem["kind"][];

/** A bigint id column as the API answers it: every digit, as a string. */
const idText = (row: RawRow, name: string) => row.bigint(name).toString();
const idTextOrNull = (row: RawRow, name: string) => row.bigintOrNull(name)?.toString() ?? null;

/** A deposit row joined with its channel's names (`channel_name`, `channel_names`), or given them beside it. */
function toDeposit(
  row: RawRow,
  channel: Pick<RechargeChannel, "name" | "names"> = {
    name: row.text("channel_name"),
    names: channelNamesOf(row.json("channel_names")),
  },
): Deposit {
  return {
    id: idText(row, "id"),
    channelId: idText(row, "channel_id"),
    channelName: channel.name,
    channelNames: channel.names,
    currency: row.currency("currency"),
    amount: row.minor("amount_minor"),
    status: row.oneOf("status", requestStatuses),
    reason: row.textOrNull("reason"),
    createdAtMs: row.int("created_at_ms"),
    reviewedAtMs: row.intOrNull("reviewed_at_ms"),
  };
}

/** A withdrawal row joined with its card (`card_number`, `bank_name`), as its member sees it. */
function toWithdrawal(row: RawRow): Withdrawal {
  const status = row.oneOf("status", withdrawalStatuses);
  return {
    id: idText(row, "id"),
    cardId: idText(row, "card_id"),
    cardNumberMasked: maskTail(row.text("card_number")),
    bankName: row.text("bank_name"),
    currency: row.currency("currency"),
    amount: row.minor("amount_minor"),
    // Maker–checker is the house's business: to the member a checked withdrawal is still pending.
    status: status === "checked" ? "pending" : status,
    reason: row.textOrNull("reason"),
    createdAtMs: row.int("created_at_ms"),
    updatedAtMs: row.int("updated_at_ms"),
  };
}

const depositColumns = sql`d.*, c.name as channel_name, c.names as channel_names, m.account as member_account, m.real_name as member_real_name`;
const withdrawalColumns = sql`w.*, b.card_number, b.bank_name, m.account as member_account,
  m.real_name as member_real_name,
  (select login from staff s where s.id = w.maker_staff_id) as maker_staff_login`;

export async function memberDeposits(tx: Tx, memberId: string): Promise<Deposit[]> {
  return mapRows(
    await tx.execute(sql`
      select d.*, c.name as channel_name, c.names as channel_names from deposits d
      join recharge_channels c on c.id = d.channel_id
      where d.member_id = ${memberId} order by d.id desc limit ${memberListLimit}`),
    (row) => toDeposit(row),
  );
}

export async function memberWithdrawals(tx: Tx, memberId: string): Promise<Withdrawal[]> {
  return mapRows(
    await tx.execute(sql`
      select w.*, b.card_number, b.bank_name from withdrawals w join bank_cards b on b.id = w.card_id
      where w.member_id = ${memberId} order by w.id desc limit ${memberListLimit}`),
    toWithdrawal,
  );
}

/**
 * An operations queue: open requests oldest first (the order they are worked), decided ones
 * newest first. No status means the open ones.
 */
export async function opsDeposits(tx: Tx, status: Deposit["status"] | undefined): Promise<OpsDeposit[]> {
  const wanted = status ?? "pending";
  const rows = mapRows(
    await tx.execute(sql`
      select ${depositColumns} from deposits d
      join recharge_channels c on c.id = d.channel_id join members m on m.id = d.member_id
      where d.status = ${wanted}
      order by d.id ${wanted === "pending" ? sql`asc` : sql`desc`} limit ${opsListLimit}`),
    toOpsDeposit,
  );
  return withHistory(tx, rows, "deposit");
}

export async function opsDeposit(tx: Tx, id: number): Promise<OpsDeposit | undefined> {
  const rows = mapRows(
    await tx.execute(sql`
      select ${depositColumns} from deposits d
      join recharge_channels c on c.id = d.channel_id join members m on m.id = d.member_id
      where d.id = ${id}`),
    toOpsDeposit,
  );
  return (await withHistory(tx, rows, "deposit"))[0];
}

export async function opsWithdrawals(
  tx: Tx,
  status: OpsWithdrawal["status"] | undefined,
): Promise<OpsWithdrawal[]> {
  const open = status === undefined || status === "pending" || status === "checked";
  const statuses = status ? [status] : ["pending", "checked"];
  const rows = mapRows(
    await tx.execute(sql`
      select ${withdrawalColumns} from withdrawals w
      join bank_cards b on b.id = w.card_id join members m on m.id = w.member_id
      where w.status = any(${sql.param(statuses)}::text[])
      order by w.id ${open ? sql`asc` : sql`desc`} limit ${opsListLimit}`),
    toOpsWithdrawal,
  );
  return withHistory(tx, rows, "withdrawal");
}

export async function opsWithdrawal(tx: Tx, id: number): Promise<OpsWithdrawalDetail | undefined> {
  const rows = mapRows(
    await tx.execute(sql`
      select ${withdrawalColumns}, b.holder_name, b.card_type, b.branch_name, b.branch_code, b.ifsc, b.upi,
        b.removed_at_ms as card_removed_at_ms
      from withdrawals w join bank_cards b on b.id = w.card_id join members m on m.id = w.member_id
      where w.id = ${id}`),
    (row): OpsWithdrawalDetail => ({
      ...toOpsWithdrawal(row),
      card: {
        id: idText(row, "card_id"),
        holderName: row.text("holder_name"),
        cardNumber: row.text("card_number"),
        cardType: row.text("card_type"),
        bankName: row.text("bank_name"),
        branchName: row.text("branch_name"),
        branchCode: row.text("branch_code"),
        ifsc: row.text("ifsc"),
        upi: row.text("upi"),
        removedAtMs: row.intOrNull("card_removed_at_ms"),
      },
    }),
  );
  return (await withHistory(tx, rows, "withdrawal"))[0];
}

/** An operations row before its history is read: `history` is filled by `withHistory`. */
function toOpsDeposit(row: RawRow): OpsDeposit {
  return {
    ...toDeposit(row),
    memberId: row.text("member_id"),
    memberAccount: row.text("member_account"),
    memberRealName: row.textOrNull("member_real_name"),
    history: [],
    receiptUploadId: row.text("receipt_upload_id"),
    journalId: idTextOrNull(row, "journal_id"),
    reviewedBy: row.textOrNull("reviewed_by"),
  };
}

function toOpsWithdrawal(row: RawRow): OpsWithdrawal {
  return {
    ...toWithdrawal(row),
    status: row.oneOf("status", withdrawalStatuses),
    memberId: row.text("member_id"),
    memberAccount: row.text("member_account"),
    memberRealName: row.textOrNull("member_real_name"),
    history: [],
    makerStaffId: row.textOrNull("maker_staff_id"),
    makerStaffLogin: row.textOrNull("maker_staff_login"),
    payoutReference: row.textOrNull("payout_reference"),
    reviewedBy: row.textOrNull("reviewed_by"),
    reviewedAtMs: row.intOrNull("reviewed_at_ms"),
  };
}

/**
 * Adds each request's history: the member's other deposits and withdrawals made before it,
 * newest first, `historyMax` at most. Two queries for a whole page.
 */
async function withHistory<T extends { id: string; memberId: string; createdAtMs: number }>(
  tx: Tx,
  requests: T[],
  kind: FundHistoryItem["kind"],
): Promise<T[]> {
  if (requests.length === 0) return [];
  const ids = sql.param(requests.map((request) => Number(request.id)));
  const members = sql.param(requests.map((request) => request.memberId));
  const times = sql.param(requests.map((request) => request.createdAtMs));
  const history = mapRows(
    await tx.execute(sql`
      select q.id as for_id, h.* from unnest(${ids}::bigint[], ${members}::uuid[], ${times}::bigint[])
        as q(id, member_id, created_at_ms)
      cross join lateral (
        select * from (
          select 'deposit' as kind, d.id, d.currency, d.amount_minor, d.status, d.created_at_ms from deposits d
          where d.member_id = q.member_id and d.created_at_ms <= q.created_at_ms
            and not (${kind}::text = 'deposit' and d.id = q.id)
          union all
          select 'withdrawal', w.id, w.currency, w.amount_minor, w.status, w.created_at_ms from withdrawals w
          where w.member_id = q.member_id and w.created_at_ms <= q.created_at_ms
            and not (${kind}::text = 'withdrawal' and w.id = q.id)
        ) earlier order by created_at_ms desc, id desc limit ${historyMax}
      ) h`),
    (row) => ({
      forId: idText(row, "for_id"),
      item: {
        kind: row.oneOf("kind", fundKinds),
        id: idText(row, "id"),
        currency: row.currency("currency"),
        amount: row.minor("amount_minor"),
        status: row.oneOf("status", withdrawalStatuses),
        createdAtMs: row.int("created_at_ms"),
      } satisfies FundHistoryItem,
    }),
  );
  const byRequest = new Map<string, FundHistoryItem[]>();
  for (const { forId, item } of history) {
    const list = byRequest.get(forId) ?? [];
    list.push(item);
    byRequest.set(forId, list);
  }
  return requests.map((request) => ({ ...request, history: byRequest.get(request.id) ?? [] }));
}

// --- Fund requests: the member's flags and lock, the open-request and rate checks ---

/** Whether the member has a deposit pending or a withdrawal pending or checked. */
export async function hasOpenRequest(tx: Tx, memberId: string): Promise<boolean> {
  return mapOneRow(
    await tx.execute(sql`
      select exists (select 1 from deposits where member_id = ${memberId} and status = 'pending')
        or exists (select 1 from withdrawals where member_id = ${memberId} and status in ('pending', 'checked'))
        as open`),
    (row) => row.bool("open"),
  );
}

/** Deposits and withdrawals the member submitted after `sinceMs`. */
export async function submissionsSince(tx: Tx, memberId: string, sinceMs: number): Promise<number> {
  return mapOneRow(
    await tx.execute(sql`
      select (select count(*) from deposits where member_id = ${memberId} and created_at_ms > ${sinceMs})
        + (select count(*) from withdrawals where member_id = ${memberId} and created_at_ms > ${sinceMs}) as n`),
    (row) => row.int("n"),
  );
}

// --- Deposits ---

/** An enabled channel as a deposit checks it: limits in its currency's minor units. */
export interface DepositChannel {
  id: number;
  name: string;
  names: ChannelNames | null;
  currency: Currency;
  min: bigint;
  max: bigint;
}

export async function enabledChannel(tx: Tx, channelId: number): Promise<DepositChannel | undefined> {
  const [channel] = mapRows(
    await tx.execute(sql`select * from recharge_channels where id = ${channelId} and enabled`),
    (row) => ({
      id: row.int("id"),
      name: row.text("name"),
      names: channelNamesOf(row.json("names")),
      currency: row.currency("currency"),
      min: row.bigint("min_minor"),
      max: row.bigint("max_minor"),
    }),
  );
  return channel;
}

/** Writes a pending deposit and answers it as its member sees it. */
export async function insertDeposit(
  tx: Tx,
  deposit: { memberId: string; channel: DepositChannel; amount: bigint; receiptId: string; nowMs: number },
): Promise<Deposit> {
  const { memberId, channel, amount, receiptId, nowMs } = deposit;
  return mapOneRow(
    await tx.execute(sql`
        insert into deposits (member_id, channel_id, currency, amount_minor, receipt_upload_id, status, created_at_ms)
        values (${memberId}, ${channel.id}, ${channel.currency}, ${amount.toString()}::bigint, ${receiptId}, 'pending', ${nowMs})
        returning *`),
    (row) => toDeposit(row, channel),
  );
}

/** What a review reads of a deposit under its row lock. */
export interface LockedDeposit {
  memberId: string;
  currency: Currency;
  amount: bigint;
  status: Deposit["status"];
}

/** Locks the deposit's row for the transaction; undefined when there is none. */
export async function lockDeposit(tx: Tx, id: number): Promise<LockedDeposit | undefined> {
  const [deposit] = mapRows(
    await tx.execute(sql`select * from deposits where id = ${id} for update`),
    (row) => ({
      memberId: row.text("member_id"),
      currency: row.currency("currency"),
      amount: row.bigint("amount_minor"),
      status: row.oneOf("status", requestStatuses),
    }),
  );
  return deposit;
}

export async function decideDeposit(
  tx: Tx,
  id: number,
  decision: {
    status: "approved" | "rejected";
    reason: string | null;
    journalId: number | null;
    staffId: string;
    nowMs: number;
  },
): Promise<void> {
  const { status, reason, journalId, staffId, nowMs } = decision;
  await tx.execute(sql`
        update deposits set status = ${status}, reason = ${reason}, journal_id = ${journalId},
          reviewed_by = ${staffId}, reviewed_at_ms = ${nowMs}
        where id = ${id}`);
}

// --- Withdrawals ---

/** Every currency the member holds cash or a position in, with the cash available in it. */
export async function availableByHeldCurrency(tx: Tx, memberId: string): Promise<Map<Currency, bigint>> {
  const rows = mapRows(
    await tx.execute(sql`
        select held.currency, coalesce(available.balance, 0) as balance
        from (
          select currency from ledger_accounts where member_id = ${memberId}
          union select currency from positions where member_id = ${memberId} and status = 'holding'
        ) held
        left join ledger_accounts available on available.member_id = ${memberId}
          and available.purpose = 'available' and available.currency = held.currency
        order by held.currency`),
    (row) => [row.currency("currency"), row.bigint("balance")] as const,
  );
  return new Map(rows);
}

/** The member's card by id, if it is theirs and not removed. */
export async function liveCardId(tx: Tx, cardId: number, memberId: string): Promise<number | undefined> {
  const [id] = mapRows(
    await tx.execute(sql`
        select id from bank_cards where id = ${cardId} and member_id = ${memberId}
          and removed_at_ms is null`),
    (row) => row.int("id"),
  );
  return id;
}

/** Writes a pending withdrawal and returns its id. */
export async function insertWithdrawal(
  tx: Tx,
  withdrawal: { memberId: string; cardId: number; currency: Currency; amount: bigint; nowMs: number },
): Promise<number> {
  const { memberId, cardId, currency, amount, nowMs } = withdrawal;
  return mapOneRow(
    await tx.execute(sql`
        insert into withdrawals (member_id, card_id, currency, amount_minor, status, created_at_ms, updated_at_ms)
        values (${memberId}, ${cardId}, ${currency}, ${amount.toString()}::bigint, 'pending', ${nowMs}, ${nowMs})
        returning id`),
    (row) => row.int("id"),
  );
}

/** A withdrawal as its member sees it, by id (one the transaction has just written). */
export async function memberWithdrawal(tx: Tx, id: number): Promise<Withdrawal> {
  return mapOneRow(
    await tx.execute(sql`
        select w.*, b.card_number, b.bank_name from withdrawals w join bank_cards b on b.id = w.card_id
        where w.id = ${id}`),
    toWithdrawal,
  );
}

/** What the maker's check and the checker's review read of a withdrawal under its row lock. */
export interface LockedWithdrawal {
  memberId: string;
  currency: Currency;
  amount: bigint;
  status: OpsWithdrawal["status"];
  makerStaffId: string | null;
}

/** Locks the withdrawal's row for the transaction; undefined when there is none. */
export async function lockWithdrawal(tx: Tx, id: number): Promise<LockedWithdrawal | undefined> {
  const [withdrawal] = mapRows(
    await tx.execute(sql`select * from withdrawals where id = ${id} for update`),
    (row) => ({
      memberId: row.text("member_id"),
      currency: row.currency("currency"),
      amount: row.bigint("amount_minor"),
      status: row.oneOf("status", withdrawalStatuses),
      makerStaffId: row.textOrNull("maker_staff_id"),
    }),
  );
  return withdrawal;
}

export async function markWithdrawalChecked(
  tx: Tx,
  id: number,
  check: { staffId: string; payoutReference: string | null; nowMs: number },
): Promise<void> {
  await tx.execute(sql`
        update withdrawals set status = 'checked', maker_staff_id = ${check.staffId},
          payout_reference = ${check.payoutReference}, updated_at_ms = ${check.nowMs}
        where id = ${id}`);
}

export async function decideWithdrawal(
  tx: Tx,
  id: number,
  decision: { status: "approved" | "rejected"; reason: string | null; staffId: string; nowMs: number },
): Promise<void> {
  const { status, reason, staffId, nowMs } = decision;
  await tx.execute(sql`
        update withdrawals set status = ${status}, reason = ${reason}, reviewed_by = ${staffId},
          reviewed_at_ms = ${nowMs}, updated_at_ms = ${nowMs}
        where id = ${id}`);
}

// --- What may leave a currency (withdrawable.ts) ---

export interface HoldingPositionRow {
  currency: Currency;
  symbol: string;
  side: Side;
  quantity: number;
  openNotional: bigint;
  margin: bigint;
}

/** Every holding position of the member in `currencies`, however many. */
export async function holdingPositionsIn(
  tx: Tx,
  memberId: string,
  currencies: readonly Currency[],
): Promise<HoldingPositionRow[]> {
  return mapRows(
    await tx.execute(sql`
      select currency, symbol, side, quantity, open_notional_minor, margin_minor from positions
      where member_id = ${memberId} and status = 'holding'
        and currency in (${sql.join(
          currencies.map((currency) => sql`${currency}`),
          sql`, `,
        )})`),
    (row) => ({
      currency: row.currency("currency"),
      symbol: row.text("symbol"),
      side: row.oneOf("side", sides),
      quantity: row.int("quantity"),
      openNotional: row.bigint("open_notional_minor"),
      margin: row.bigint("margin_minor"),
    }),
  );
}

/** The balances of the member's accounts of one purpose (`deficit`, `loan`: negative by what is owed). */
export async function memberBalancesOf(
  tx: Tx,
  memberId: string,
  purpose: "deficit" | "loan",
): Promise<{ currency: Currency; balance: bigint }[]> {
  return mapRows(
    await tx.execute(
      purpose === "deficit"
        ? sql`
      select currency, balance from ledger_accounts where member_id = ${memberId} and purpose = 'deficit'`
        : sql`
      select currency, balance from ledger_accounts where member_id = ${memberId} and purpose = 'loan'`,
    ),
    (row) => ({ currency: row.currency("currency"), balance: row.bigint("balance") }),
  );
}

/**
 * Reward cash paid into the member's available cash after `sinceMs`, per currency, less the
 * rewards operations took back.
 */
export async function rewardsHeldSince(
  tx: Tx,
  memberId: string,
  sinceMs: number,
): Promise<{ currency: Currency; total: bigint }[]> {
  return mapRows(
    await tx.execute(sql`
      select e.currency, sum(e.amount) as total from journals j
      join entries e on e.journal_id = j.id join ledger_accounts a on a.id = e.account_id
      where j.member_id = ${memberId} and j.kind = 'reward' and j.created_at_ms > ${sinceMs}
        and a.member_id = ${memberId} and a.purpose = 'available'
        -- A reward operations took back is no longer in the member's cash to hold.
        and not exists (select 1 from reward_reversals v where v.reward_journal_id = j.id)
      group by e.currency`),
    (row) => ({ currency: row.currency("currency"), total: row.bigint("total") }),
  );
}
