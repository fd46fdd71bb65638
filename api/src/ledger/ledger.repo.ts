import { type Currency, currencySchema } from "@kabuto/shared/symbols";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { mapOneRow, mapRows } from "../db/raw-rows.ts";
import { ledgerAccounts } from "../db/schema.ts";
import { type AccountRef, accountKey, assertBalanced, type JournalDraft } from "./journal.ts";

/** A transaction or the database: journals are always written inside the caller's transaction. */
export type Tx = Pick<Db, "execute">;

/**
 * Writes a balanced journal and its entries; the database applies them to the balances and
 * checks the sum again at commit. Accounts are created on first use.
 */
export async function postJournal(tx: Tx, draft: JournalDraft, nowMs: number): Promise<number> {
  assertBalanced(draft);
  // Credits land before debits, so no account dips below zero half-way through a journal
  // (the non-negative check runs row by row, not at commit).
  const postings = [...draft.postings].sort((a, b) =>
    a.amount > b.amount ? -1 : a.amount < b.amount ? 1 : 0,
  );
  const accounts = uniqueAccounts(postings.map((posting) => posting.account));
  const ids = await accountIds(tx, accounts);
  const journalId = mapOneRow(
    await tx.execute(sql`
      insert into journals (kind, member_id, ref, memo, memo_code, memo_params, created_at_ms)
      values (${draft.kind}, ${draft.memberId}, ${draft.ref}, ${draft.memo}, ${draft.description?.code ?? null},
        ${draft.description ? JSON.stringify(draft.description.params) : null}::jsonb, ${nowMs})
      returning id`),
    (row) => row.int("id"),
  );
  const accountIdsColumn = postings.map((posting) => accountIdOf(ids, posting.account));
  await tx.execute(sql`
    insert into entries (journal_id, account_id, currency, amount)
    select ${journalId}, account_id, currency, amount
    from unnest(${sql.param(accountIdsColumn)}::bigint[],
                ${sql.param(postings.map((posting) => posting.account.currency))}::text[],
                ${sql.param(postings.map((posting) => posting.amount.toString()))}::bigint[])
      as posted(account_id, currency, amount)`);
  return journalId;
}

/**
 * Writes many balanced journals in one statement, for a flow that decides a set at once (follow
 * trading's mirrors): the same rows `postJournal` writes for each, in the order given, each
 * journal's credits before its debits. The member accounts they move are created if need be and
 * locked first, in one order for every such writer (member by member, available first), so two
 * sets that share members queue rather than deadlock. Returns the journals' ids, in order.
 */
export async function postJournals(
  tx: Tx,
  drafts: readonly JournalDraft[],
  nowMs: number,
): Promise<number[]> {
  if (drafts.length === 0) return [];
  for (const draft of drafts) assertBalanced(draft);
  const postings = drafts.flatMap((draft, index) =>
    [...draft.postings]
      .sort((a, b) => (a.amount > b.amount ? -1 : a.amount < b.amount ? 1 : 0))
      .map((posting) => ({ journal: index + 1, ...posting })),
  );
  const accounts = uniqueAccounts(postings.map((posting) => posting.account));
  const ids = await lockedMemberAccountIds(
    tx,
    accounts.filter((account) => account.memberId !== null),
  );
  for (const [key, id] of await accountIds(
    tx,
    accounts.filter((account) => account.memberId === null),
  ))
    ids.set(key, id);
  return mapRows(
    await tx.execute(sql`
      with journal_ids as (
        select nextval('journals_id_seq') as id, j.*
        from unnest(${sql.param(drafts.map((d) => d.kind))}::text[],
          ${sql.param(drafts.map((d) => d.memberId))}::uuid[],
          ${sql.param(drafts.map((d) => d.ref))}::text[],
          ${sql.param(drafts.map((d) => d.memo))}::text[],
          ${sql.param(drafts.map((d) => d.description?.code ?? null))}::text[],
          ${sql.param(drafts.map((d) => (d.description ? JSON.stringify(d.description.params) : null)))}::jsonb[])
          with ordinality as j(kind, member_id, ref, memo, memo_code, memo_params, n)
      ),
      journals_written as (
        insert into journals (id, kind, member_id, ref, memo, memo_code, memo_params, created_at_ms)
        select id, kind, member_id, ref, memo, memo_code, memo_params, ${nowMs} from journal_ids order by n
        returning id
      ),
      entries_written as (
        insert into entries (journal_id, account_id, currency, amount)
        select j.id, e.account_id, e.currency, e.amount
        from unnest(${sql.param(postings.map((p) => p.journal))}::int[],
            ${sql.param(postings.map((p) => accountIdOf(ids, p.account)))}::bigint[],
            ${sql.param(postings.map((p) => p.account.currency))}::text[],
            ${sql.param(postings.map((p) => p.amount.toString()))}::bigint[])
          with ordinality as e(journal, account_id, currency, amount, n)
        join journal_ids j on j.n = e.journal
        order by e.n
        returning 1
      )
      select id from journal_ids order by n`),
    (row) => row.int("id"),
  );
}

/**
 * Creates the member accounts that are missing and locks them all, member by member, available
 * first (as the entries' update of their balances will lock them), found through
 * the owner key, which a set of hundreds of members needs.
 */
async function lockedMemberAccountIds(tx: Tx, accounts: readonly AccountRef[]): Promise<Map<string, number>> {
  const members = sql.param(accounts.map((account) => account.memberId));
  const purposes = sql.param(accounts.map((account) => account.purpose));
  const currencies = sql.param(accounts.map((account) => account.currency));
  await tx.execute(sql`
    insert into ledger_accounts (member_id, purpose, currency)
    select * from unnest(${members}::uuid[], ${purposes}::text[], ${currencies}::text[]) as w(member_id, purpose, currency)
    where not exists (select 1 from ledger_accounts a
      where a.member_id = w.member_id and a.purpose = w.purpose and a.currency = w.currency)
    on conflict do nothing`);
  const rows = mapRows(
    await tx.execute(sql`
      select a.id, a.member_id, a.purpose, a.currency from ledger_accounts a
      join unnest(${members}::uuid[], ${purposes}::text[], ${currencies}::text[]) as w(member_id, purpose, currency)
        on a.member_id = w.member_id and a.purpose = w.purpose and a.currency = w.currency
      order by a.member_id, a.purpose <> 'available', a.purpose
      for no key update of a`),
    (row) => ({
      id: row.int("id"),
      key: `${row.text("member_id")}/${row.text("purpose")}/${row.text("currency")}`,
    }),
  );
  return new Map(rows.map((row) => [row.key, row.id]));
}

function accountIdOf(ids: Map<string, number>, account: AccountRef): number {
  const id = ids.get(accountKey(account));
  // accountIds() created and read back every account of the journal just before.
  if (id === undefined) throw new Error(`no ledger account for ${accountKey(account)}`);
  return id;
}

function uniqueAccounts(accounts: AccountRef[]): AccountRef[] {
  return [...new Map(accounts.map((account) => [accountKey(account), account])).values()];
}

async function accountIds(tx: Tx, accounts: AccountRef[]): Promise<Map<string, number>> {
  if (accounts.length === 0) return new Map();
  const members = sql.param(accounts.map((account) => account.memberId));
  const purposes = sql.param(accounts.map((account) => account.purpose));
  const currencies = sql.param(accounts.map((account) => account.currency));
  await tx.execute(sql`
    insert into ledger_accounts (member_id, purpose, currency)
    select * from unnest(${members}::uuid[], ${purposes}::text[], ${currencies}::text[])
    on conflict do nothing`);
  const rows = mapRows(
    await tx.execute(sql`
      select a.id, a.member_id, a.purpose, a.currency from ledger_accounts a
      join unnest(${members}::uuid[], ${purposes}::text[], ${currencies}::text[]) as wanted(member_id, purpose, currency)
        on a.member_id is not distinct from wanted.member_id and a.purpose = wanted.purpose and a.currency = wanted.currency`),
    (row) => ({
      id: row.int("id"),
      key: `${row.textOrNull("member_id") ?? "house"}/${row.text("purpose")}/${row.text("currency")}`,
    }),
  );
  const ids = new Map<string, number>();
  for (const row of rows) ids.set(row.key, row.id);
  return ids;
}

export interface Balance {
  purpose: string;
  currency: Currency;
  balance: bigint;
}

/** A member's balances, one row per purpose and currency that has ever moved. */
export async function memberBalances(db: Pick<Db, "select">, memberId: string): Promise<Balance[]> {
  const rows = await db
    .select({
      purpose: ledgerAccounts.purpose,
      currency: ledgerAccounts.currency,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.memberId, memberId))
    .orderBy(asc(ledgerAccounts.currency), asc(ledgerAccounts.purpose));
  return rows.map((row) => ({
    purpose: row.purpose,
    // Every posting is made in a Currency, so an account in anything else is a broken ledger.
    currency: currencySchema.parse(row.currency),
    balance: row.balance,
  }));
}

/**
 * Creates the member's available-cash account in this currency if need be (a member who never
 * had any) and locks it, returning its balance: the one lock every cash-spending path takes.
 */
export async function lockAvailable(tx: Tx, memberId: string, currency: Currency): Promise<bigint> {
  await tx.execute(sql`
    insert into ledger_accounts (member_id, purpose, currency) values (${memberId}, 'available', ${currency})
    on conflict do nothing`);
  return mapOneRow(
    await tx.execute(sql`
      select balance from ledger_accounts where member_id = ${memberId} and purpose = 'available'
        and currency = ${currency} for update`),
    (row) => row.bigint("balance"),
  );
}

/**
 * `lockAvailable` for a set of members in one currency (a set of closes at once): the accounts
 * created if need be and locked member by member, the order `postJournals` locks them in, so a
 * set that goes on to post the members' journals queues behind, or ahead of, any other such set.
 */
export async function lockAvailables(
  tx: Tx,
  memberIds: readonly string[],
  currency: Currency,
): Promise<Map<string, bigint>> {
  if (memberIds.length === 0) return new Map();
  const members = sql.param([...new Set(memberIds)]);
  await tx.execute(sql`
    insert into ledger_accounts (member_id, purpose, currency)
    select m, 'available', ${currency} from unnest(${members}::uuid[]) as m
    on conflict do nothing`);
  const rows = mapRows(
    await tx.execute(sql`
      select member_id, balance from ledger_accounts
      where member_id = any(${members}::uuid[]) and purpose = 'available' and currency = ${currency}
      order by member_id for no key update`),
    (row) => ({ memberId: row.text("member_id"), balance: row.bigint("balance") }),
  );
  return new Map(rows.map((row) => [row.memberId, row.balance]));
}

/**
 * Locks the member's available cash in several currencies, in one order for everyone, so two
 * conversions in opposite directions cannot deadlock. Returns the balances.
 */
export async function lockAvailableIn(
  tx: Tx,
  memberId: string,
  currencies: readonly Currency[],
): Promise<Map<Currency, bigint>> {
  const balances = new Map<Currency, bigint>();
  for (const currency of [...new Set(currencies)].sort()) {
    balances.set(currency, await lockAvailable(tx, memberId, currency));
  }
  return balances;
}
