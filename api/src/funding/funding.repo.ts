import type {
  Currency,
  Deposit,
  FundHistoryItem,
  OpsDeposit,
  OpsWithdrawal,
  OpsWithdrawalDetail,
  RechargeChannel,
  Withdrawal,
} from "@kabuto/shared";
import { sql } from "drizzle-orm";
import { type Row, rowsOf } from "../db/rows.ts";
import { maskTail } from "../identity/rules.ts";
import type { Tx } from "../ledger/ledger.repo.ts";

/** Rows a member's list returns at most: years of requests at one a day. */
const memberListLimit = 200;
/** Requests an operations queue page shows. */
const opsListLimit = 100;
/** Earlier requests shown beside each one under review: enough to see a pattern. */
export const historyMax = 10;

const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const nullableString = (value: unknown) => (value === null || value === undefined ? null : String(value));

export function toChannel(row: Row): RechargeChannel {
  return {
    id: String(row.id),
    name: String(row.name),
    currency: String(row.currency) as Currency,
    accountName: String(row.account_name),
    accountNumber: String(row.account_number),
    bankName: String(row.bank_name),
    branch: String(row.branch),
    min: String(row.min_minor),
    max: String(row.max_minor),
    enabled: Boolean(row.enabled),
  };
}

/** A deposit row joined with its channel's name (`channel_name`). */
export function toDeposit(row: Row): Deposit {
  return {
    id: String(row.id),
    channelId: String(row.channel_id),
    channelName: String(row.channel_name),
    currency: String(row.currency) as Currency,
    amount: String(row.amount_minor),
    status: row.status as Deposit["status"],
    reason: nullableString(row.reason),
    createdAtMs: Number(row.created_at_ms),
    reviewedAtMs: nullableNumber(row.reviewed_at_ms),
  };
}

/** A withdrawal row joined with its card (`card_number`, `bank_name`), as its member sees it. */
export function toWithdrawal(row: Row): Withdrawal {
  return {
    id: String(row.id),
    cardId: String(row.card_id),
    cardNumberMasked: maskTail(String(row.card_number)),
    bankName: String(row.bank_name),
    currency: String(row.currency) as Currency,
    amount: String(row.amount_minor),
    // Maker–checker is the house's business: to the member a checked withdrawal is still pending.
    status: row.status === "checked" ? "pending" : (row.status as Withdrawal["status"]),
    reason: nullableString(row.reason),
    createdAtMs: Number(row.created_at_ms),
    updatedAtMs: Number(row.updated_at_ms),
  };
}

const depositColumns = sql`d.*, c.name as channel_name, m.account as member_account, m.real_name as member_real_name`;
const withdrawalColumns = sql`w.*, b.card_number, b.bank_name, m.account as member_account,
  m.real_name as member_real_name,
  (select login from staff s where s.id = w.maker_staff_id) as maker_staff_login`;

export async function memberDeposits(tx: Tx, memberId: string): Promise<Deposit[]> {
  const rows = rowsOf(
    await tx.execute(sql`
      select d.*, c.name as channel_name from deposits d join recharge_channels c on c.id = d.channel_id
      where d.member_id = ${memberId} order by d.id desc limit ${memberListLimit}`),
  );
  return rows.map(toDeposit);
}

export async function memberWithdrawals(tx: Tx, memberId: string): Promise<Withdrawal[]> {
  const rows = rowsOf(
    await tx.execute(sql`
      select w.*, b.card_number, b.bank_name from withdrawals w join bank_cards b on b.id = w.card_id
      where w.member_id = ${memberId} order by w.id desc limit ${memberListLimit}`),
  );
  return rows.map(toWithdrawal);
}

/**
 * An operations queue: open requests oldest first (the order they are worked), decided ones
 * newest first. No status means the open ones.
 */
export async function opsDeposits(tx: Tx, status: Deposit["status"] | undefined): Promise<OpsDeposit[]> {
  const wanted = status ?? "pending";
  const rows = rowsOf(
    await tx.execute(sql`
      select ${depositColumns} from deposits d
      join recharge_channels c on c.id = d.channel_id join members m on m.id = d.member_id
      where d.status = ${wanted}
      order by d.id ${wanted === "pending" ? sql`asc` : sql`desc`} limit ${opsListLimit}`),
  );
  return withHistory(tx, rows, "deposit", toOpsDeposit);
}

export async function opsDeposit(tx: Tx, id: number): Promise<OpsDeposit | undefined> {
  const rows = rowsOf(
    await tx.execute(sql`
      select ${depositColumns} from deposits d
      join recharge_channels c on c.id = d.channel_id join members m on m.id = d.member_id
      where d.id = ${id}`),
  );
  return (await withHistory(tx, rows, "deposit", toOpsDeposit))[0];
}

export async function opsWithdrawals(
  tx: Tx,
  status: OpsWithdrawal["status"] | undefined,
): Promise<OpsWithdrawal[]> {
  const open = status === undefined || status === "pending" || status === "checked";
  const statuses = status ? [status] : ["pending", "checked"];
  const rows = rowsOf(
    await tx.execute(sql`
      select ${withdrawalColumns} from withdrawals w
      join bank_cards b on b.id = w.card_id join members m on m.id = w.member_id
      where w.status = any(${sql.param(statuses)}::text[])
      order by w.id ${open ? sql`asc` : sql`desc`} limit ${opsListLimit}`),
  );
  return withHistory(tx, rows, "withdrawal", toOpsWithdrawal);
}

export async function opsWithdrawal(tx: Tx, id: number): Promise<OpsWithdrawalDetail | undefined> {
  const rows = rowsOf(
    await tx.execute(sql`
      select ${withdrawalColumns}, b.holder_name, b.card_type, b.branch_name, b.branch_code, b.ifsc, b.upi,
        b.removed_at_ms as card_removed_at_ms
      from withdrawals w join bank_cards b on b.id = w.card_id join members m on m.id = w.member_id
      where w.id = ${id}`),
  );
  const [withdrawal] = await withHistory(tx, rows, "withdrawal", toOpsWithdrawal);
  const row = rows[0];
  if (!withdrawal || !row) return undefined;
  return {
    ...withdrawal,
    card: {
      id: String(row.card_id),
      holderName: String(row.holder_name),
      cardNumber: String(row.card_number),
      cardType: String(row.card_type),
      bankName: String(row.bank_name),
      branchName: String(row.branch_name),
      branchCode: String(row.branch_code),
      ifsc: String(row.ifsc),
      upi: String(row.upi),
      removedAtMs: nullableNumber(row.card_removed_at_ms),
    },
  };
}

function toOpsDeposit(row: Row, history: FundHistoryItem[]): OpsDeposit {
  return {
    ...toDeposit(row),
    memberId: String(row.member_id),
    memberAccount: String(row.member_account),
    memberRealName: nullableString(row.member_real_name),
    history,
    receiptUploadId: String(row.receipt_upload_id),
    journalId: nullableString(row.journal_id),
    reviewedBy: nullableString(row.reviewed_by),
  };
}

function toOpsWithdrawal(row: Row, history: FundHistoryItem[]): OpsWithdrawal {
  return {
    ...toWithdrawal(row),
    status: row.status as OpsWithdrawal["status"],
    memberId: String(row.member_id),
    memberAccount: String(row.member_account),
    memberRealName: nullableString(row.member_real_name),
    history,
    makerStaffId: nullableString(row.maker_staff_id),
    makerStaffLogin: nullableString(row.maker_staff_login),
    payoutReference: nullableString(row.payout_reference),
    reviewedBy: nullableString(row.reviewed_by),
    reviewedAtMs: nullableNumber(row.reviewed_at_ms),
  };
}

/**
 * Adds each request's history: the member's other deposits and withdrawals made before it,
 * newest first, `historyMax` at most. Two queries for a whole page.
 */
async function withHistory<T>(
  tx: Tx,
  rows: Row[],
  kind: FundHistoryItem["kind"],
  map: (row: Row, history: FundHistoryItem[]) => T,
): Promise<T[]> {
  if (rows.length === 0) return [];
  const ids = sql.param(rows.map((row) => Number(row.id)));
  const members = sql.param(rows.map((row) => String(row.member_id)));
  const times = sql.param(rows.map((row) => Number(row.created_at_ms)));
  const history = rowsOf(
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
  );
  const byRequest = new Map<string, FundHistoryItem[]>();
  for (const item of history) {
    const list = byRequest.get(String(item.for_id)) ?? [];
    list.push({
      kind: item.kind as FundHistoryItem["kind"],
      id: String(item.id),
      currency: String(item.currency) as Currency,
      amount: String(item.amount_minor),
      status: item.status as FundHistoryItem["status"],
      createdAtMs: Number(item.created_at_ms),
    });
    byRequest.set(String(item.for_id), list);
  }
  return rows.map((row) => map(row, byRequest.get(String(row.id)) ?? []));
}
