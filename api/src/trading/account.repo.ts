import type { AccountSummary, Balance, FundRecord, FundRecordKind } from "@kabuto/shared/api/trading";
import type { Currency } from "@kabuto/shared/symbols";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { rowsOf } from "../db/rows.ts";
import type { Tx } from "../ledger/ledger.repo.ts";

/** Journal kinds shown under each of the spec's fund-record filters. */
const kindsOf: Record<FundRecordKind, readonly string[]> = {
  deposit: ["deposit"],
  // A withdrawal's hold, payout and release all belong to the withdrawal.
  withdrawal: ["withdrawal_hold", "withdrawal", "withdrawal_release"],
  exchange: ["fx"],
  trade: [
    "order_hold",
    "order_release",
    "open",
    "close",
    "margin_add",
    "margin_call",
    "fee",
    "tax",
    "ipo_payment",
    "ipo_allotment",
    "block_hold",
    "block_release",
  ],
  loan: ["loan_draw", "loan_interest", "loan_repayment"],
  dividend: ["dividend"],
};

/** A journal's memo parameters: a JSON object (some drivers hand jsonb over as its text), or none. */
const memoParamsSchema = z.record(z.string(), z.unknown()).nullable();

function memoParamsOf(value: unknown): Record<string, unknown> | null {
  return memoParamsSchema.parse(typeof value === "string" ? JSON.parse(value) : (value ?? null));
}

export async function accountSummary(tx: Tx, memberId: string): Promise<AccountSummary> {
  const rows = rowsOf(
    await tx.execute(sql`
      select currency, purpose, balance from ledger_accounts where member_id = ${memberId}`),
  );
  const realizedRows = rowsOf(
    await tx.execute(sql`
      select currency, coalesce(sum(realized_minor), 0) as realized from positions
      where member_id = ${memberId} and status = 'closed' group by currency`),
  );
  const balances = new Map<string, Balance>();
  const balanceOf = (currency: string) => {
    let balance = balances.get(currency);
    if (!balance) {
      balance = {
        currency: currency as Currency,
        available: "0",
        held: "0",
        margin: "0",
        deficit: "0",
        loan: "0",
        realized: "0",
      };
      balances.set(currency, balance);
    }
    return balance;
  };
  for (const row of rows) {
    const purpose = String(row.purpose);
    if (
      purpose === "available" ||
      purpose === "held" ||
      purpose === "margin" ||
      purpose === "deficit" ||
      purpose === "loan"
    ) {
      balanceOf(String(row.currency))[purpose] = String(row.balance);
    }
  }
  for (const row of realizedRows) balanceOf(String(row.currency)).realized = String(row.realized);
  return { balances: [...balances.values()].sort((a, b) => a.currency.localeCompare(b.currency)) };
}

/**
 * The member's journals, newest first by when they happened, ids breaking ties so a page never
 * repeats or skips one. A journal's id is not its time: seeds and backdated corrections write
 * journals dated before ones already written. `before` is the id of the oldest record already
 * shown; the page continues after it in the same order (none, if it is not one of the member's).
 */
export async function fundRecords(
  tx: Tx,
  memberId: string,
  query: {
    type?: FundRecordKind | undefined;
    before?: number | undefined;
    limit: number;
  },
): Promise<{ items: FundRecord[] }> {
  const kinds = query.type ? kindsOf[query.type] : undefined;
  const rows = rowsOf(
    await tx.execute(sql`
      select j.id, j.kind, j.ref, j.memo, j.memo_code, j.memo_params, j.created_at_ms,
        coalesce(json_agg(json_build_object('purpose', a.purpose, 'currency', e.currency, 'amount', e.amount::text))
          filter (where a.member_id = ${memberId}), '[]') as changes
      from journals j
      join entries e on e.journal_id = j.id
      join ledger_accounts a on a.id = e.account_id
      where j.member_id = ${memberId}
        ${kinds ? sql`and j.kind = any(${sql.param(kinds)}::text[])` : sql``}
        ${
          query.before
            ? sql`and (j.created_at_ms, j.id) < (
          select b.created_at_ms, b.id from journals b where b.id = ${query.before} and b.member_id = ${memberId})`
            : sql``
        }
      group by j.id order by j.created_at_ms desc, j.id desc limit ${query.limit}`),
  );
  return {
    items: rows.map((row) => ({
      id: String(row.id),
      kind: String(row.kind),
      ref: (row.ref as string | null) ?? null,
      memo: (row.memo as string | null) ?? null,
      memoCode: (row.memo_code as string | null) ?? null,
      memoParams: memoParamsOf(row.memo_params),
      createdAtMs: Number(row.created_at_ms),
      changes: (typeof row.changes === "string"
        ? JSON.parse(row.changes)
        : row.changes) as FundRecord["changes"],
    })),
  };
}
