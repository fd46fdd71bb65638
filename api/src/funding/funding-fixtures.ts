import type { Bus } from "@kabuto/bus";
import type { Quote } from "@kabuto/shared/protocol/market-data";
import { sql } from "drizzle-orm";
import type { Database } from "../db/database.ts";
import { rowsOf } from "../db/rows.ts";
import { hashPassword } from "../kernel/passwords.ts";
import { flatQuote } from "../testing/fixtures.ts";
import { call } from "../testing/test-app.ts";

/** Test helpers for deposits, withdrawals and exchange; only tests import this file. */

export const fundPassword = "246810";

/**
 * Gives a member what a withdrawal needs without waiting for the identity routes: a verified
 * real name, a fund password and a live bank card. Returns the card's id.
 */
export async function readyToWithdraw(database: Database, memberId: string): Promise<string> {
  const hash = await hashPassword(fundPassword);
  await database.db.execute(sql`
    update members set verification = 'verified', real_name = '山田 太郎', fund_password_hash = ${hash}
    where id = ${memberId}`);
  return addCard(database, memberId);
}

let nextCard = 1_000_000;

export async function addCard(database: Database, memberId: string): Promise<string> {
  const [row] = rowsOf(
    await database.db.execute(sql`
      insert into bank_cards (member_id, holder_name, card_number, card_type, bank_name, branch_name, branch_code,
        ifsc, upi, created_at_ms)
      values (${memberId}, '山田 太郎', ${`12340000${nextCard++}`}, '普通', 'みずほ銀行', '東京営業部', '001', '', '',
        ${Date.now()})
      returning id`),
  );
  return String(row?.id);
}

let fxSeq = 0;

/** Puts an FX mid on the bus, as the feed would: `setFx(bus, "FX:USDJPY", "150.000")`. */
export function setFx(bus: Bus, symbol: string, mid: string): void {
  fxSeq += 1;
  const quote: Quote = flatQuote(symbol, mid);
  bus.publish([{ topic: `quote:${symbol}`, epoch: "test-fx", seq: fxSeq, ts: Date.now(), data: quote }]);
}

/** A deposit channel made through the ops API; returns its id. */
export async function createChannel(
  url: string,
  supervisor: Record<string, string>,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const created = await call(
    `${url}/ops/recharge-channels`,
    "POST",
    {
      name: "Mizuho transfer",
      currency: "JPY",
      accountName: "カブト証券（株）",
      accountNumber: "1234567",
      bankName: "みずほ銀行",
      branch: "本店",
      min: "10000",
      max: "5000000",
      ...overrides,
    },
    supervisor,
  );
  if (created.status !== 201) throw new Error(`channel not created: ${JSON.stringify(created.body)}`);
  return String(created.body.id);
}

export interface FundingCounts {
  deposits: number;
  withdrawals: number;
  journals: number;
  entries: number;
  uploads: number;
  fx_quotes: number;
  fx_used: number;
  audit: number;
  idempotency_keys: number;
}

/** Rows that money requests write, to show a refusal wrote none. */
export async function fundingRowCounts(database: Database): Promise<FundingCounts> {
  const [row] = rowsOf(
    await database.db.execute(sql`
      select (select count(*) from deposits)::int as deposits, (select count(*) from withdrawals)::int as withdrawals,
        (select count(*) from journals)::int as journals, (select count(*) from entries)::int as entries,
        (select count(*) from uploads)::int as uploads, (select count(*) from fx_quotes)::int as fx_quotes,
        (select count(*) from fx_quotes where journal_id is not null)::int as fx_used,
        (select count(*) from audit_log)::int as audit,
        (select count(*) from idempotency_keys)::int as idempotency_keys`),
  );
  return row as unknown as FundingCounts;
}

/** The member's balance of one purpose and currency, in minor units. */
export async function balanceOf(
  database: Database,
  memberId: string,
  purpose: string,
  currency: string,
): Promise<bigint> {
  const [row] = rowsOf(
    await database.db.execute(sql`
      select balance from ledger_accounts where member_id = ${memberId} and purpose = ${purpose}
        and currency = ${currency}`),
  );
  return BigInt(String(row?.balance ?? 0));
}
