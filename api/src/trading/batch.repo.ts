import type { Order } from "@kabuto/shared/api/trading";
import type { MemberPurpose } from "@kabuto/shared/ledger";
import { sql } from "drizzle-orm";
import { executePrepared } from "../db/prepared.ts";
import { rowsOf } from "../db/rows.ts";
import type { Tx } from "../ledger/ledger.repo.ts";
import { fillBookColumns, fillBookValues } from "./fill-books.repo.ts";
import { type MemberFlags, type OpeningResult, type OpeningWrite, openingFillRow } from "./trading.repo.ts";

/** A member's new market order, decided and waiting to be written with others (see `writeOpenings`). */
export interface NewOpening {
  write: OpeningWrite;
  session: string;
  claim?: { key: string; hash: string; status: number } | undefined;
  /** The order as the API answers it, but for the ids the database assigns. */
  body: Omit<Order, "id" | "positionId">;
}

/**
 * What became of one opening of a batch: as `writeOpening` answers, or refused because the
 * member's cash, as it stood when the batch locked it, does not cover it (nothing written).
 */
export type BatchOutcome = OpeningResult | { outcome: "unaffordable" };

/** Purposes whose balance the database never lets go below zero (`member_balance_not_negative`). */
const mayGoNegative = new Set<MemberPurpose>(["deficit", "loan"]);

/**
 * Writes many members' market orders in the caller's transaction, in a fixed number of round
 * trips whatever their count: the members' flags read under a share lock and the ids drawn
 * (`prepare`), their accounts created where need be and locked (members in id order, each one's
 * available account first, as every path locks), the keys claimed, then every order, position,
 * journal and entry in one statement. Each order is decided alone, in arrival order, against the cash the ones before it
 * left: one that its member's flags forbid, whose key was claimed before, or that its cash does
 * not cover writes nothing and takes nothing from the others. The entries' trigger still applies
 * each amount and the commit still checks each journal and links it into its member's chain, so
 * the database holds the same guards as for one order.
 */
export async function writeOpenings(tx: Tx, openings: readonly NewOpening[]): Promise<BatchOutcome[]> {
  const outcomes: (BatchOutcome | undefined)[] = openings.map(() => undefined);
  const { flags, houses, ids } = await prepare(tx, openings);
  const going: number[] = [];
  openings.forEach((opening, index) => {
    const memberFlags = flags.get(opening.write.memberId);
    if (!memberFlags || memberFlags.frozen || memberFlags.tradingBarred || memberFlags.disabled)
      outcomes[index] = { outcome: "barred", flags: memberFlags };
    else going.push(index);
  });
  if (going.length === 0) return outcomes as BatchOutcome[];

  const locked = await lockAccounts(
    tx,
    going.map((index) => (openings[index] as NewOpening).write),
  );

  // Decide in arrival order. A key that turns out to be claimed already (its first run committed
  // while this batch waited) gives back what its order reserved, and the orders that had not fit
  // are decided again against what is left, until every key claimed is won.
  const accepted = new Set<number>();
  const claimed = new Set<number>();
  const running = new Map(locked.balances);
  for (;;) {
    const newlyAccepted: number[] = [];
    for (const index of going) {
      if (accepted.has(index) || claimed.has(index)) continue;
      const after = afterOpening(running, (openings[index] as NewOpening).write);
      if (after === undefined) continue;
      for (const [key, balance] of after) running.set(key, balance);
      accepted.add(index);
      newlyAccepted.push(index);
    }
    const keyed = newlyAccepted.filter((index) => (openings[index] as NewOpening).claim !== undefined);
    if (keyed.length === 0) break;
    const won = await claimKeys(
      tx,
      keyed.map((index) => ({ opening: openings[index] as NewOpening, ...(ids[index] as Ids) })),
    );
    const lost = keyed.filter((_, n) => !won[n]);
    if (lost.length === 0) break;
    for (const index of lost) {
      accepted.delete(index);
      claimed.add(index);
      for (const [key, amount] of netOf((openings[index] as NewOpening).write))
        running.set(key, (running.get(key) ?? 0n) - amount);
    }
  }

  const written = going.filter((index) => accepted.has(index));
  if (written.length > 0) {
    await insertOpenings(
      tx,
      written.map((index) => ({ opening: openings[index] as NewOpening, ...(ids[index] as Ids) })),
      locked.ids,
      houses,
    );
  }
  for (const index of going) {
    const memberFlags = flags.get((openings[index] as NewOpening).write.memberId) as MemberFlags;
    const { orderId, positionId } = ids[index] as Ids;
    outcomes[index] = accepted.has(index)
      ? { outcome: "opened", orderId, positionId }
      : claimed.has(index)
        ? { outcome: "claimed", flags: memberFlags }
        : { outcome: "unaffordable" };
  }
  return outcomes as BatchOutcome[];
}

/** The ids drawn for one order: its order, its position, and one per journal. */
interface Ids {
  orderId: string;
  positionId: string;
  journalIds: string[];
}

/** An account's key in the batch's maps: member, purpose and currency. */
function keyOf(memberId: string, purpose: string, currency: string): string {
  return `${memberId}/${purpose}/${currency}`;
}

/** What an opening moves in its member's accounts, by `keyOf`. */
function netOf(write: OpeningWrite): Map<string, bigint> {
  const net = new Map<string, bigint>();
  for (const journal of write.journals) {
    for (const posting of journal.postings) {
      if (posting.account.memberId === null) continue;
      const key = keyOf(write.memberId, posting.account.purpose, posting.account.currency);
      net.set(key, (net.get(key) ?? 0n) + posting.amount);
    }
  }
  return net;
}

/**
 * The balances after an opening's journals, each journal's credits landing before its debits as
 * the entries are written; undefined when one of them would take an account below zero.
 */
function afterOpening(running: Map<string, bigint>, write: OpeningWrite): Map<string, bigint> | undefined {
  const after = new Map<string, bigint>();
  for (const journal of write.journals) {
    for (const posting of journal.postings) {
      if (posting.account.memberId === null) continue;
      const key = keyOf(write.memberId, posting.account.purpose, posting.account.currency);
      after.set(key, (after.get(key) ?? running.get(key) ?? 0n) + posting.amount);
    }
    for (const [key, balance] of after) {
      const purpose = key.split("/")[1] as MemberPurpose;
      if (balance < 0n && !mayGoNegative.has(purpose)) return undefined;
    }
  }
  return after;
}

/**
 * Creates the batch's member accounts where need be and locks them all, members in id order and
 * each member's available account first; their balances as locked, by `keyOf`, with their ids.
 */
async function lockAccounts(tx: Tx, writes: OpeningWrite[]): Promise<Locked> {
  const wanted = new Map<string, { memberId: string; purpose: string; currency: string }>();
  for (const write of writes) {
    for (const journal of write.journals) {
      for (const posting of journal.postings) {
        if (posting.account.memberId === null) continue;
        const { purpose, currency } = posting.account;
        wanted.set(keyOf(write.memberId, purpose, currency), { memberId: write.memberId, purpose, currency });
      }
    }
  }
  const rank = (purpose: string) => (purpose === "available" ? "" : purpose);
  const ordered = [...wanted.values()].sort(
    (a, b) =>
      a.memberId.localeCompare(b.memberId) ||
      a.currency.localeCompare(b.currency) ||
      rank(a.purpose).localeCompare(rank(b.purpose)),
  );
  const rows = rowsOf(
    await executePrepared(
      tx,
      sql`
      insert into ledger_accounts (member_id, purpose, currency)
      select member_id, purpose, currency
      from unnest(${sql.param(ordered.map((a) => a.memberId))}::uuid[], ${sql.param(ordered.map((a) => a.purpose))}::text[],
        ${sql.param(ordered.map((a) => a.currency))}::text[]) with ordinality as wanted(member_id, purpose, currency, n)
      order by n
      on conflict on constraint ledger_accounts_owner do update set purpose = excluded.purpose
      returning id, member_id, purpose, currency, balance`,
    ),
  );
  const locked: Locked = { balances: new Map(), ids: new Map() };
  for (const row of rows) {
    const key = keyOf(String(row.member_id), String(row.purpose), String(row.currency));
    locked.balances.set(key, BigInt(String(row.balance)));
    locked.ids.set(key, String(row.id));
  }
  return locked;
}

/** The member accounts a batch locked: balances and ids, by `keyOf`. */
interface Locked {
  balances: Map<string, bigint>;
  ids: Map<string, string>;
}

/**
 * The batch's first round trip: its members' flags read under a share lock (members in id order,
 * before their accounts, as a lone order reads them), the house accounts it posts to created
 * where need be (not locked: they cache no balance), and the ids of every order, position and
 * journal it may write, drawn in advance so each order's stored answer can name them.
 */
async function prepare(
  tx: Tx,
  openings: readonly NewOpening[],
): Promise<{ flags: Map<string, MemberFlags>; houses: Map<string, string>; ids: Ids[] }> {
  const memberIds = [...new Set(openings.map((opening) => opening.write.memberId))].sort();
  const wanted = new Map<string, { purpose: string; currency: string }>();
  for (const { write } of openings) {
    for (const journal of write.journals) {
      for (const posting of journal.postings) {
        if (posting.account.memberId !== null) continue;
        const { purpose, currency } = posting.account;
        wanted.set(keyOf("house", purpose, currency), { purpose, currency });
      }
    }
  }
  const purposes = sql.param([...wanted.values()].map((a) => a.purpose));
  const currencies = sql.param([...wanted.values()].map((a) => a.currency));
  const journalCount = openings.reduce((sum, opening) => sum + opening.write.journals.length, 0);
  const [row] = rowsOf(
    await executePrepared(
      tx,
      sql`
      with flags as (
        select id, frozen, trading_barred, disabled from members
        where id = any(${sql.param(memberIds)}::uuid[]) order by id for share
      ),
      created as (
        insert into ledger_accounts (member_id, purpose, currency)
        select null, purpose, currency from unnest(${purposes}::text[], ${currencies}::text[]) as wanted(purpose, currency)
        on conflict do nothing
        returning id, purpose, currency
      ),
      houses as (
        select id, purpose, currency from created
        union all
        select a.id, a.purpose, a.currency from ledger_accounts a
        join unnest(${purposes}::text[], ${currencies}::text[]) as wanted(purpose, currency)
          on a.member_id is null and a.purpose = wanted.purpose and a.currency = wanted.currency
      )
      select
        (select coalesce(json_agg(json_build_object('id', id, 'frozen', frozen, 'trading_barred', trading_barred,
          'disabled', disabled)), '[]') from flags) as flags,
        (select coalesce(json_agg(json_build_object('id', id::text, 'purpose', purpose, 'currency', currency)), '[]')
          from houses) as houses,
        array(select nextval('orders_id_seq')::text from generate_series(1, ${openings.length}::int)) as orders,
        array(select nextval('positions_id_seq')::text from generate_series(1, ${openings.length}::int)) as positions,
        array(select nextval('journals_id_seq')::text from generate_series(1, ${journalCount}::int)) as journals`,
    ),
  );
  const flagRows = (row?.flags ?? []) as {
    id: string;
    frozen: boolean;
    trading_barred: boolean;
    disabled: boolean;
  }[];
  const houseRows = (row?.houses ?? []) as { id: string; purpose: string; currency: string }[];
  const orderIds = (row?.orders ?? []) as string[];
  const positionIds = (row?.positions ?? []) as string[];
  const journalIds = [...((row?.journals ?? []) as string[])];
  return {
    flags: new Map(
      flagRows.map((flag) => [
        flag.id,
        { frozen: flag.frozen, tradingBarred: flag.trading_barred, disabled: flag.disabled },
      ]),
    ),
    houses: new Map(houseRows.map((house) => [keyOf("house", house.purpose, house.currency), house.id])),
    ids: openings.map((opening, index) => ({
      orderId: orderIds[index] as string,
      positionId: positionIds[index] as string,
      journalIds: journalIds.splice(0, opening.write.journals.length),
    })),
  };
}

/**
 * Claims the keys of the orders about to be written, each with its answer; whether each was
 * won. One claimed before (a retry racing its first run, which has committed meanwhile) is not.
 */
async function claimKeys(
  tx: Tx,
  claims: { opening: NewOpening; orderId?: string | undefined; positionId?: string | undefined }[],
): Promise<boolean[]> {
  const rows = rowsOf(
    await executePrepared(
      tx,
      sql`
      insert into idempotency_keys (member_id, key, request_hash, status, response, created_at_ms)
      select * from unnest(
        ${sql.param(claims.map((c) => c.opening.write.memberId))}::uuid[],
        ${sql.param(claims.map((c) => c.opening.claim?.key ?? ""))}::text[],
        ${sql.param(claims.map((c) => c.opening.claim?.hash ?? ""))}::text[],
        ${sql.param(claims.map((c) => c.opening.claim?.status ?? 201))}::int[],
        ${sql.param(claims.map((c) => JSON.stringify({ ...c.opening.body, id: c.orderId, positionId: c.positionId })))}::text[],
        ${sql.param(claims.map((c) => c.opening.write.nowMs))}::bigint[])
      on conflict do nothing
      returning member_id, key`,
    ),
  );
  const won = new Set(rows.map((row) => `${row.member_id}/${row.key}`));
  return claims.map((c) => won.has(`${c.opening.write.memberId}/${c.opening.claim?.key}`));
}

/** Every order, position, journal and entry of the batch, in one statement. */
async function insertOpenings(
  tx: Tx,
  written: (Ids & { opening: NewOpening })[],
  members: Map<string, string>,
  houses: Map<string, string>,
): Promise<void> {
  const journals: {
    id: string;
    kind: string;
    memberId: string;
    ref: string;
    memo: string | null;
    code: string | null;
    params: string | null;
    nowMs: number;
  }[] = [];
  const entries: { journalId: string; accountId: string; currency: string; amount: string }[] = [];
  for (const { opening, positionId, journalIds } of written) {
    const { write } = opening;
    for (const [n, journal] of write.journals.entries()) {
      const id = journalIds[n] as string;
      journals.push({
        id,
        kind: journal.kind,
        memberId: write.memberId,
        ref: `position:${positionId}`,
        memo: journal.memo,
        code: journal.description?.code ?? null,
        params: journal.description ? JSON.stringify(journal.description.params) : null,
        nowMs: write.nowMs,
      });
      // Credits land before debits, so no account dips below zero half-way through a journal.
      const postings = [...journal.postings].sort((a, b) =>
        a.amount > b.amount ? -1 : a.amount < b.amount ? 1 : 0,
      );
      for (const posting of postings) {
        const { purpose, currency } = posting.account;
        if ((posting.account.memberId ?? write.memberId) !== write.memberId)
          throw new Error("an opening posts to accounts of its member only");
        const accountId =
          posting.account.memberId === null
            ? houses.get(keyOf("house", purpose, currency))
            : members.get(keyOf(write.memberId, purpose, currency));
        if (accountId === undefined) throw new Error(`account ${purpose} ${currency} missing from the batch`);
        entries.push({ journalId: id, accountId, currency, amount: posting.amount.toString() });
      }
    }
  }
  const rows = written.map(({ opening, orderId, positionId }) => ({
    ...opening.write,
    session: opening.session,
    orderId,
    positionId,
  }));
  await executePrepared(
    tx,
    sql`
    with order_rows as (
      insert into orders (id, member_id, symbol, side, type, quantity, leverage, session, status, held_minor,
        fill_price, position_id, venue, pts_quantity, saved_minor, created_at_ms, updated_at_ms)
      select id, member_id, symbol, side, 'market', quantity, leverage, session, 'filled', 0, fill_price, position_id,
        venue, pts_quantity, saved_minor, at_ms, at_ms
      from unnest(${sql.param(rows.map((r) => r.orderId))}::bigint[], ${sql.param(rows.map((r) => r.memberId))}::uuid[],
        ${sql.param(rows.map((r) => r.symbol))}::text[], ${sql.param(rows.map((r) => r.side))}::text[],
        ${sql.param(rows.map((r) => r.quantity))}::int[], ${sql.param(rows.map((r) => r.leverage))}::int[],
        ${sql.param(rows.map((r) => r.session))}::text[], ${sql.param(rows.map((r) => r.openPrice))}::text[],
        ${sql.param(rows.map((r) => r.positionId))}::bigint[], ${sql.param(rows.map((r) => r.routed.venue))}::text[],
        ${sql.param(rows.map((r) => r.routed.ptsQuantity))}::int[],
        ${sql.param(rows.map((r) => r.routed.savedMinor.toString()))}::bigint[], ${sql.param(rows.map((r) => r.nowMs))}::bigint[])
        as o(id, member_id, symbol, side, quantity, leverage, session, fill_price, position_id, venue, pts_quantity,
          saved_minor, at_ms)
      returning 1
    ),
    position_rows as (
      insert into positions (id, member_id, symbol, currency, side, quantity, leverage, open_order_id, open_price,
        open_notional_minor, initial_margin_minor, margin_minor, open_fee_minor, status, opened_at_ms, day_trade)
      select id, member_id, symbol, currency, side, quantity, leverage, order_id, open_price, notional, margin, margin,
        fee, 'holding', at_ms, day_trade
      from unnest(${sql.param(rows.map((r) => r.positionId))}::bigint[], ${sql.param(rows.map((r) => r.memberId))}::uuid[],
        ${sql.param(rows.map((r) => r.symbol))}::text[], ${sql.param(rows.map((r) => r.currency))}::text[],
        ${sql.param(rows.map((r) => r.side))}::text[], ${sql.param(rows.map((r) => r.quantity))}::int[],
        ${sql.param(rows.map((r) => r.leverage))}::int[], ${sql.param(rows.map((r) => r.orderId))}::bigint[],
        ${sql.param(rows.map((r) => r.openPrice))}::text[], ${sql.param(rows.map((r) => r.notional.toString()))}::bigint[],
        ${sql.param(rows.map((r) => r.margin.toString()))}::bigint[], ${sql.param(rows.map((r) => r.fee.toString()))}::bigint[],
        ${sql.param(rows.map((r) => r.nowMs))}::bigint[], ${sql.param(rows.map((r) => r.dayTrade === true))}::boolean[])
        as p(id, member_id, symbol, currency, side, quantity, leverage, order_id, open_price, notional, margin, fee,
          at_ms, day_trade)
      returning 1
    ),
    journal_rows as (
      insert into journals (id, kind, member_id, ref, memo, memo_code, memo_params, created_at_ms)
      select id, kind, member_id, ref, memo, memo_code, memo_params, at_ms
      from unnest(${sql.param(journals.map((j) => j.id))}::bigint[], ${sql.param(journals.map((j) => j.kind))}::text[],
        ${sql.param(journals.map((j) => j.memberId))}::uuid[], ${sql.param(journals.map((j) => j.ref))}::text[],
        ${sql.param(journals.map((j) => j.memo))}::text[], ${sql.param(journals.map((j) => j.code))}::text[],
        ${sql.param(journals.map((j) => j.params))}::jsonb[], ${sql.param(journals.map((j) => j.nowMs))}::bigint[])
        with ordinality as j(id, kind, member_id, ref, memo, memo_code, memo_params, at_ms, n)
      order by n
      returning 1
    ),
    entry_rows as (
      insert into entries (journal_id, account_id, currency, amount)
      select journal_id, account_id, currency, amount
      from unnest(${sql.param(entries.map((e) => e.journalId))}::bigint[], ${sql.param(entries.map((e) => e.accountId))}::bigint[],
        ${sql.param(entries.map((e) => e.currency))}::text[], ${sql.param(entries.map((e) => e.amount))}::bigint[])
        with ordinality as e(journal_id, account_id, currency, amount, n)
      order by n
      returning 1
    ),
    fill_rows as (
      insert into fill_books (${fillBookColumns})
      ${fillBookValues(rows.map((row) => openingFillRow(row, row)))}
      returning 1
    )
    select (select count(*) from order_rows) as orders, (select count(*) from position_rows) as positions,
      (select count(*) from journal_rows) as journals, (select count(*) from entry_rows) as entries,
      (select count(*) from fill_rows) as fills`,
  );
}
