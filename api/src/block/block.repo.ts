import { type BlockKind, type BlockSide, type BlockState, blockStates } from "@kabuto/shared/block/rules";
import type { Currency, Market } from "@kabuto/shared/symbols";
import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { mapOneRow, mapRows, type RawRow } from "../db/raw-rows.ts";
import type { Tx } from "../ledger/ledger.repo.ts";

export interface BlockOfferingRow {
  id: number;
  symbol: string;
  market: Market;
  currency: Currency;
  price: string;
  sharesOffered: number;
  minShares: number;
  maxShares: number;
  opensAtMs: number;
  closesAtMs: number;
  lockupDays: number;
  seed: string;
  commitment: string;
  allottedAtMs: number | null;
}

export interface BlockInstrumentRow {
  symbol: string;
  market: Market;
  minShares: number;
  maxShares: number;
}

export interface BlockApplicationRow {
  id: number;
  kind: BlockKind;
  side: BlockSide;
  offeringId: number | null;
  sourcePositionId: number | null;
  memberId: string;
  symbol: string;
  market: Market;
  currency: Currency;
  shares: number;
  price: string;
  heldMinor: bigint;
  feeMinor: bigint;
  day: string;
  state: BlockState;
  sharesFilled: number;
  reason: string | null;
  salt: string;
  positionId: number | null;
  lockedUntilMs: number | null;
  createdAtMs: number;
  decidedAtMs: number | null;
}

function marketOf(row: RawRow): Market {
  const market = row.text("market");
  if (market !== "JP" && market !== "US") throw new Error(`block trade in market ${market}`);
  return market;
}

function currencyOf(row: RawRow): Currency {
  const currency = row.text("currency");
  if (currency !== "JPY" && currency !== "USD") throw new Error(`block trade in ${currency}`);
  return currency;
}

function toOffering(row: RawRow): BlockOfferingRow {
  return {
    id: row.int("id"),
    symbol: row.text("symbol"),
    market: marketOf(row),
    currency: currencyOf(row),
    price: row.text("price"),
    sharesOffered: row.int("shares_offered"),
    minShares: row.int("min_shares"),
    maxShares: row.int("max_shares"),
    opensAtMs: row.int("opens_at_ms"),
    closesAtMs: row.int("closes_at_ms"),
    lockupDays: row.int("lockup_days"),
    seed: row.text("seed"),
    commitment: row.text("commitment"),
    allottedAtMs: row.intOrNull("allotted_at_ms"),
  };
}

function toInstrument(row: RawRow): BlockInstrumentRow {
  return {
    symbol: row.text("symbol"),
    market: marketOf(row),
    minShares: row.int("min_shares"),
    maxShares: row.int("max_shares"),
  };
}

function toApplication(row: RawRow): BlockApplicationRow {
  const state = blockStates.find((candidate) => candidate === row.text("state"));
  if (!state) throw new Error(`block application state ${row.text("state")}`);
  const kind = row.text("kind");
  if (kind !== "offering" && kind !== "bid") throw new Error(`block application kind ${kind}`);
  const side = row.text("side");
  if (side !== "buy" && side !== "sell") throw new Error(`block application side ${side}`);
  return {
    id: row.int("id"),
    kind,
    side,
    offeringId: row.intOrNull("offering_id"),
    sourcePositionId: row.intOrNull("source_position_id"),
    memberId: row.text("member_id"),
    symbol: row.text("symbol"),
    market: marketOf(row),
    currency: currencyOf(row),
    shares: row.int("shares"),
    price: row.text("price"),
    heldMinor: row.bigint("held_minor"),
    feeMinor: row.bigint("fee_minor"),
    day: row.text("day"),
    state,
    sharesFilled: row.int("shares_filled"),
    reason: row.textOrNull("reason"),
    salt: row.text("salt"),
    positionId: row.intOrNull("position_id"),
    lockedUntilMs: row.intOrNull("locked_until_ms"),
    createdAtMs: row.int("created_at_ms"),
    decidedAtMs: row.intOrNull("decided_at_ms"),
  };
}

const applicationColumns = sql`a.*, p.locked_until_ms`;

// Offerings

export async function insertOffering(
  tx: Tx,
  fields: Omit<BlockOfferingRow, "id" | "allottedAtMs">,
  nowMs: number,
): Promise<BlockOfferingRow> {
  return mapOneRow(
    await tx.execute(sql`
      insert into block_offerings (symbol, market, currency, price, shares_offered, min_shares, max_shares,
        opens_at_ms, closes_at_ms, lockup_days, seed, commitment, created_at_ms)
      values (${fields.symbol}, ${fields.market}, ${fields.currency}, ${fields.price}, ${fields.sharesOffered},
        ${fields.minShares}, ${fields.maxShares}, ${fields.opensAtMs}, ${fields.closesAtMs}, ${fields.lockupDays},
        ${fields.seed}, ${fields.commitment}, ${nowMs})
      returning *`),
    toOffering,
  );
}

export async function offeringById(
  db: Tx | Db,
  id: number,
  lock = false,
): Promise<BlockOfferingRow | undefined> {
  const [row] = mapRows(
    await db.execute(
      lock
        ? sql`select * from block_offerings where id = ${id} for update`
        : sql`select * from block_offerings where id = ${id}`,
    ),
    toOffering,
  );
  return row;
}

/** Offerings not yet drawn, and those drawn in the last week, newest window first. */
export async function currentOfferings(db: Tx | Db, nowMs: number): Promise<BlockOfferingRow[]> {
  return mapRows(
    await db.execute(sql`
      select * from block_offerings
      where allotted_at_ms is null or allotted_at_ms > ${nowMs - 7 * 86_400_000}
      order by closes_at_ms desc, id desc limit 100`),
    toOffering,
  );
}

/**
 * An offering read under a share lock: applications take it before the member's row, the draw
 * takes it exclusively before the applications and members, so the two never cross and no
 * application lands after its draw.
 */
export async function shareOffering(tx: Tx, id: number): Promise<BlockOfferingRow | undefined> {
  const [row] = mapRows(
    await tx.execute(sql`select * from block_offerings where id = ${id} for share`),
    toOffering,
  );
  return row;
}

export async function markAllotted(tx: Tx, id: number, nowMs: number): Promise<void> {
  await tx.execute(sql`update block_offerings set allotted_at_ms = ${nowMs} where id = ${id}`);
}

/** Shares and members of each offering's live applications. */
export async function demandOf(
  db: Tx | Db,
  ids: readonly number[],
): Promise<Map<number, { shares: number; members: number }>> {
  if (ids.length === 0) return new Map();
  const rows = mapRows(
    await db.execute(sql`
      select offering_id, coalesce(sum(shares), 0)::bigint as shares, count(*)::bigint as members
      from block_applications
      where offering_id = any(${sql.param(ids)}::bigint[]) and state in ('pending', 'passed')
      group by offering_id`),
    (row) => ({ id: row.int("offering_id"), shares: row.int("shares"), members: row.int("members") }),
  );
  return new Map(rows.map((row) => [row.id, { shares: row.shares, members: row.members }]));
}

export async function insertDraw(
  tx: Tx,
  draw: {
    offeringId: number;
    seed: string;
    unitsOffered: number;
    entries: { hash: string; units: number }[];
    won: { hash: string; units: number }[];
    nowMs: number;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into block_draws (offering_id, seed, units_offered, entries, won, drawn_at_ms)
    values (${draw.offeringId}, ${draw.seed}, ${draw.unitsOffered}, ${JSON.stringify(draw.entries)}::jsonb,
      ${JSON.stringify(draw.won)}::jsonb, ${draw.nowMs})`);
}

// Instruments open to negotiated bids

export async function upsertInstrument(tx: Tx, row: BlockInstrumentRow, nowMs: number): Promise<void> {
  await tx.execute(sql`
    insert into block_instruments (symbol, market, min_shares, max_shares, opened_at_ms)
    values (${row.symbol}, ${row.market}, ${row.minShares}, ${row.maxShares}, ${nowMs})
    on conflict (symbol) do update set min_shares = excluded.min_shares, max_shares = excluded.max_shares`);
}

export async function instruments(db: Tx | Db): Promise<BlockInstrumentRow[]> {
  return mapRows(await db.execute(sql`select * from block_instruments order by symbol`), toInstrument);
}

export async function instrumentBySymbol(
  db: Tx | Db,
  symbol: string,
): Promise<BlockInstrumentRow | undefined> {
  const [row] = mapRows(
    await db.execute(sql`select * from block_instruments where symbol = ${symbol}`),
    toInstrument,
  );
  return row;
}

// Applications

/** The next application's number, taken first so its hold journal can name it. */
export async function nextApplicationId(tx: Tx): Promise<number> {
  return mapOneRow(await tx.execute(sql`select nextval('block_applications_id_seq')::bigint as id`), (row) =>
    row.int("id"),
  );
}

export async function insertApplication(
  tx: Tx,
  fields: Omit<
    BlockApplicationRow,
    "state" | "sharesFilled" | "reason" | "positionId" | "lockedUntilMs" | "decidedAtMs"
  > & { holdJournalId: number | null },
): Promise<BlockApplicationRow> {
  const id = mapOneRow(
    await tx.execute(sql`
      insert into block_applications (id, kind, side, offering_id, source_position_id, member_id, symbol, market,
        currency, shares, price, held_minor, fee_minor, day, state, salt, hold_journal_id, created_at_ms)
      values (${fields.id}, ${fields.kind}, ${fields.side}, ${fields.offeringId}, ${fields.sourcePositionId},
        ${fields.memberId}, ${fields.symbol}, ${fields.market},
        ${fields.currency}, ${fields.shares}, ${fields.price}, ${fields.heldMinor.toString()}::bigint,
        ${fields.feeMinor.toString()}::bigint, ${fields.day}, 'pending', ${fields.salt}, ${fields.holdJournalId},
        ${fields.createdAtMs})
      returning id`),
    (row) => row.int("id"),
  );
  const row = await applicationById(tx, id);
  if (!row) throw new Error(`block application ${id} vanished`);
  return row;
}

export async function applicationById(
  db: Tx | Db,
  id: number,
  lock = false,
): Promise<BlockApplicationRow | undefined> {
  const [row] = mapRows(
    await db.execute(
      lock
        ? sql`select ${applicationColumns} from block_applications a left join positions p on p.id = a.position_id
            where a.id = ${id} for update of a`
        : sql`select ${applicationColumns} from block_applications a left join positions p on p.id = a.position_id
            where a.id = ${id}`,
    ),
    toApplication,
  );
  return row;
}

export async function memberApplications(
  db: Tx | Db,
  memberId: string,
  kind: BlockKind | undefined,
): Promise<BlockApplicationRow[]> {
  return mapRows(
    await db.execute(sql`
      select ${applicationColumns} from block_applications a left join positions p on p.id = a.position_id
      where a.member_id = ${memberId} ${kind ? sql`and a.kind = ${kind}` : sql``}
      order by a.id desc limit 200`),
    toApplication,
  );
}

/** The operations queue: applications in a state with the member's account number. */
export async function applicationsInState(
  db: Tx | Db,
  state: BlockState,
): Promise<(BlockApplicationRow & { account: string })[]> {
  return mapRows(
    await db.execute(sql`
      select ${applicationColumns}, m.account from block_applications a
        join members m on m.id = a.member_id
        left join positions p on p.id = a.position_id
      where a.state = ${state}
      order by a.id ${state === "pending" ? sql`asc` : sql`desc`} limit 200`),
    (row) => ({ ...toApplication(row), account: row.text("account") }),
  );
}

/** An offering's live (pending) applications, locked, in id order. */
export async function pendingOfOffering(tx: Tx, offeringId: number): Promise<BlockApplicationRow[]> {
  return mapRows(
    await tx.execute(sql`
      select ${applicationColumns} from block_applications a left join positions p on p.id = a.position_id
      where a.offering_id = ${offeringId} and a.state = 'pending' order by a.id for update of a`),
    toApplication,
  );
}

/**
 * The members' pending sell bids on these positions, locked in id order, for a close of one
 * position or of a set at once: at most one per position, as the partial unique index on pending
 * sells keeps it, which this lookup reads.
 */
export async function pendingSellBids(
  tx: Tx,
  closings: readonly { memberId: string; positionId: number }[],
): Promise<BlockApplicationRow[]> {
  if (closings.length === 0) return [];
  return mapRows(
    await tx.execute(sql`
      select ${applicationColumns} from block_applications a left join positions p on p.id = a.position_id
      join unnest(${sql.param(closings.map((c) => c.positionId))}::bigint[],
        ${sql.param(closings.map((c) => c.memberId))}::uuid[]) as c(position_id, member_id)
        on a.source_position_id = c.position_id and a.member_id = c.member_id
      where a.state = 'pending'
      order by a.id
      for update of a`),
    toApplication,
  );
}

/** What the member's block applications made today hold in a currency (withdrawn and rejected ones free it). */
export async function usedToday(db: Tx | Db, memberId: string, day: string): Promise<Map<Currency, bigint>> {
  const rows = mapRows(
    await db.execute(sql`
      select currency, coalesce(sum(held_minor), 0)::bigint as used from block_applications
      where member_id = ${memberId} and day = ${day} and side = 'buy' and state in ('pending', 'passed')
      group by currency`),
    (row) => ({ currency: currencyOf(row), used: row.bigint("used") }),
  );
  return new Map(rows.map((row) => [row.currency, row.used]));
}

export async function decideApplication(
  tx: Tx,
  id: number,
  decision: {
    state: BlockState;
    sharesFilled: number;
    reason: string | null;
    positionId: number | null;
    decidedBy: string | null;
    nowMs: number;
  },
): Promise<void> {
  await tx.execute(sql`
    update block_applications set state = ${decision.state}, shares_filled = ${decision.sharesFilled},
      reason = ${decision.reason}, position_id = ${decision.positionId}, decided_by = ${decision.decidedBy},
      decided_at_ms = ${decision.nowMs}
    where id = ${id}`);
}

/** The member's flags and verification, their row locked so their applications run one at a time. */
export async function lockApplicant(
  tx: Tx,
  memberId: string,
): Promise<{ frozen: boolean; tradingBarred: boolean; verified: boolean } | undefined> {
  const [row] = mapRows(
    await tx.execute(sql`
      select frozen::text as frozen, trading_barred::text as trading_barred, verification from members where id = ${memberId} for no key update`),
    (row) => ({
      frozen: row.text("frozen") === "true",
      tradingBarred: row.text("trading_barred") === "true",
      verified: row.text("verification") === "verified",
    }),
  );
  return row;
}
