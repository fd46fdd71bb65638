import {
  type LeadAvatar,
  type LeadStatus,
  type LeadTranslations,
  leadTranslationsSchema,
} from "@kabuto/shared/api/follow";
import type { Position } from "@kabuto/shared/api/trading";
import type { Currency } from "@kabuto/shared/symbols";
import type { Side } from "@kabuto/shared/trading/rules";
import { sql } from "drizzle-orm";
import { mapOneRow, mapRows } from "../db/raw-rows.ts";
import type { Tx } from "../ledger/ledger.repo.ts";

/**
 * Every query of follow trading. Lead traders, copies and mirrors are rows of their own; the
 * money is ledger accounts and journals, read here by the copy's ref (`copy:<id>`).
 */

export interface LeadRow {
  memberId: string;
  nickname: string;
  avatar: LeadAvatar;
  bio: string;
  translations: LeadTranslations | null;
  currency: Currency;
  status: LeadStatus;
  appliedAtMs: number;
  decidedAtMs: number | null;
  reason: string | null;
}

const leadColumns = sql`l.member_id, l.nickname, l.avatar, l.bio, l.translations, l.currency, l.status,
  l.applied_at_ms, l.decided_at_ms, l.reason`;

/** The stored translations, parsed as written (the service validated them on the way in). */
function translationsOf(value: unknown): LeadTranslations | null {
  if (value === null || value === undefined) return null;
  return leadTranslationsSchema.parse(value);
}

function toLead(row: import("../db/raw-rows.ts").RawRow): LeadRow {
  return {
    memberId: row.text("member_id"),
    nickname: row.text("nickname"),
    avatar: row.text("avatar") as LeadAvatar,
    bio: row.text("bio"),
    translations: translationsOf(row.json("translations")),
    currency: row.text("currency") as Currency,
    status: row.text("status") as LeadStatus,
    appliedAtMs: row.int("applied_at_ms"),
    decidedAtMs: row.intOrNull("decided_at_ms"),
    reason: row.textOrNull("reason"),
  };
}

/** What applying to lead checks about the member: verification and trading history. */
export async function applicantFacts(
  tx: Tx,
  memberId: string,
): Promise<{ verified: boolean; closedTrades: number; account: string } | undefined> {
  const [row] = mapRows(
    await tx.execute(sql`
      select m.verification, m.account,
        (select count(*) from positions p where p.member_id = m.id and p.status = 'closed') as closed_trades
      from members m where m.id = ${memberId}`),
    (row) => ({
      verified: row.text("verification") === "verified",
      closedTrades: row.int("closed_trades"),
      account: row.text("account"),
    }),
  );
  return row;
}

export async function insertLead(
  tx: Tx,
  lead: Pick<LeadRow, "memberId" | "nickname" | "avatar" | "bio" | "translations" | "currency"> & {
    nowMs: number;
  },
): Promise<LeadRow> {
  const translations = lead.translations === null ? null : JSON.stringify(lead.translations);
  return mapOneRow(
    await tx.execute(sql`
      insert into lead_traders as l (member_id, nickname, avatar, bio, translations, currency, status, applied_at_ms)
      values (${lead.memberId}, ${lead.nickname}, ${lead.avatar}, ${lead.bio}, ${translations}::jsonb,
        ${lead.currency}, 'pending', ${lead.nowMs})
      returning ${leadColumns}`),
    toLead,
  );
}

/** A lead's row; with `lock`, held for the rest of the transaction. */
export async function leadById(tx: Tx, memberId: string, lock = false): Promise<LeadRow | undefined> {
  const [row] = mapRows(
    await tx.execute(sql`
      select ${leadColumns} from lead_traders l where l.member_id = ${memberId}
      ${lock ? sql`for update` : sql``}`),
    toLead,
  );
  return row;
}

export async function nicknameTaken(tx: Tx, nickname: string): Promise<boolean> {
  const rows = mapRows(
    await tx.execute(sql`select 1 as one from lead_traders where lower(nickname) = lower(${nickname})`),
    (row) => row.int("one"),
  );
  return rows.length > 0;
}

export async function leadsByStatus(
  tx: Tx,
  status: LeadStatus,
): Promise<(LeadRow & { account: string; trades: number; copiers: number })[]> {
  return mapRows(
    await tx.execute(sql`
      select ${leadColumns}, m.account,
        (select count(*) from positions p where p.member_id = l.member_id) as trades,
        (select count(*) from copies c where c.lead_id = l.member_id and c.status = 'active') as copiers
      from lead_traders l join members m on m.id = l.member_id
      where l.status = ${status}
      order by ${status === "pending" ? sql`l.applied_at_ms asc` : sql`coalesce(l.decided_at_ms, l.applied_at_ms) desc`}
      limit 200`),
    (row) => ({
      ...toLead(row),
      account: row.text("account"),
      trades: row.int("trades"),
      copiers: row.int("copiers"),
    }),
  );
}

export async function saveLeadDecision(
  tx: Tx,
  memberId: string,
  decision: { status: LeadStatus; nowMs: number; staffId: string; reason: string | null },
): Promise<LeadRow> {
  return mapOneRow(
    await tx.execute(sql`
      update lead_traders l set status = ${decision.status}, decided_at_ms = ${decision.nowMs},
        decided_by = ${decision.staffId}, reason = ${decision.reason}
      where l.member_id = ${memberId}
      returning ${leadColumns}`),
    toLead,
  );
}

/** Approved leads, for the leaderboard. */
export async function approvedLeads(tx: Tx, currency?: Currency): Promise<LeadRow[]> {
  return mapRows(
    await tx.execute(sql`
      select ${leadColumns} from lead_traders l where l.status = 'approved'
      ${currency ? sql`and l.currency = ${currency}` : sql``}
      order by l.decided_at_ms, l.member_id`),
    toLead,
  );
}

/** Performance kinds: what trading did to equity. Every other journal is money from outside. */
const tradingKinds = [
  "order_hold",
  "order_release",
  "open",
  "close",
  "margin_add",
  "margin_call",
  "fee",
  "tax",
  "dividend",
];

/**
 * Each journal that moved the member's cash equity in this currency (available, held, margin,
 * deficit), oldest first, with how much of it was money from outside trading.
 */
export async function equityJournals(
  tx: Tx,
  memberId: string,
  currency: Currency,
): Promise<{ atMs: number; delta: bigint; trading: boolean }[]> {
  return mapRows(
    await tx.execute(sql`
      select j.id, j.created_at_ms, j.kind, sum(e.amount) as delta
      from ledger_accounts a
      join entries e on e.account_id = a.id
      join journals j on j.id = e.journal_id
      where a.member_id = ${memberId} and a.currency = ${currency}
        and a.purpose in ('available', 'held', 'margin', 'deficit')
      group by j.id order by j.id`),
    (row) => ({
      atMs: row.int("created_at_ms"),
      delta: row.bigint("delta"),
      trading: tradingKinds.includes(row.text("kind")),
    }),
  );
}

export interface TradeRow {
  id: string;
  symbol: string;
  side: Side;
  quantity: number;
  leverage: number;
  margin: bigint;
  openedAtMs: number;
  closedAtMs: number | null;
  realised: bigint | null;
}

/** The member's own positions in this currency (not those mirrored from someone they copy). */
export async function ownTrades(tx: Tx, memberId: string, currency: Currency): Promise<TradeRow[]> {
  return mapRows(
    await tx.execute(sql`
      select p.id, p.symbol, p.side, p.quantity, p.leverage, p.initial_margin_minor, p.opened_at_ms,
        p.closed_at_ms, p.realized_minor::text as realized
      from positions p
      where p.member_id = ${memberId} and p.currency = ${currency}
        and not exists (select 1 from mirrors m where m.follower_position_id = p.id)
      order by p.id`),
    (row) => ({
      id: String(row.int("id")),
      symbol: row.text("symbol"),
      side: row.text("side") as Side,
      quantity: row.int("quantity"),
      leverage: row.int("leverage"),
      margin: row.bigint("initial_margin_minor"),
      openedAtMs: row.int("opened_at_ms"),
      closedAtMs: row.intOrNull("closed_at_ms"),
      realised: row.textOrNull("realized") === null ? null : BigInt(row.text("realized")),
    }),
  );
}

/** Cash equity now: available, held, margin and deficit in one currency. */
export async function cashEquity(tx: Tx, memberId: string, currency: Currency): Promise<bigint> {
  return mapOneRow(
    await tx.execute(sql`
      select coalesce(sum(balance), 0) as equity from ledger_accounts
      where member_id = ${memberId} and currency = ${currency}
        and purpose in ('available', 'held', 'margin', 'deficit')`),
    (row) => row.bigint("equity"),
  );
}

/** Copiers and money copying each lead now. */
export async function copyingOf(tx: Tx): Promise<Map<string, { copiers: number; copying: bigint }>> {
  const rows = mapRows(
    await tx.execute(sql`
      select lead_id, count(*) as copiers, coalesce(sum(invested_minor), 0) as copying
      from copies where status = 'active' group by lead_id`),
    (row) => ({ leadId: row.text("lead_id"), copiers: row.int("copiers"), copying: row.bigint("copying") }),
  );
  return new Map(rows.map((row) => [row.leadId, { copiers: row.copiers, copying: row.copying }]));
}

export interface CopyRow {
  id: string;
  followerId: string;
  leadId: string;
  currency: Currency;
  status: "active" | "stopped";
  stopPct: number;
  periodDays: number;
  profitSharePct: number;
  invested: bigint;
  highWater: bigint;
  afterPositionId: string;
  startedAtMs: number;
  endsAtMs: number;
  stoppedAtMs: number | null;
  stopReason: "member" | "stop_loss" | "time_limit" | "lead_suspended" | null;
}

const copyColumns = sql`c.id, c.follower_id, c.lead_id, c.currency, c.status, c.stop_pct, c.period_days,
  c.profit_share_pct, c.invested_minor, c.high_water_minor, c.after_position_id, c.started_at_ms, c.ends_at_ms,
  c.stopped_at_ms, c.stop_reason`;

function toCopy(row: import("../db/raw-rows.ts").RawRow): CopyRow {
  return {
    id: String(row.int("id")),
    followerId: row.text("follower_id"),
    leadId: row.text("lead_id"),
    currency: row.text("currency") as Currency,
    status: row.text("status") as CopyRow["status"],
    stopPct: row.int("stop_pct"),
    periodDays: row.int("period_days"),
    profitSharePct: row.int("profit_share_pct"),
    invested: row.bigint("invested_minor"),
    highWater: row.bigint("high_water_minor"),
    afterPositionId: String(row.int("after_position_id")),
    startedAtMs: row.int("started_at_ms"),
    endsAtMs: row.int("ends_at_ms"),
    stoppedAtMs: row.intOrNull("stopped_at_ms"),
    stopReason: row.textOrNull("stop_reason") as CopyRow["stopReason"],
  };
}

/**
 * Where a new copy starts mirroring the lead: after their newest position, or, to copy the
 * positions they hold now as well, just before the oldest of those.
 */
export async function lastPositionId(tx: Tx, memberId: string, withOpen = false): Promise<string> {
  return mapOneRow(
    await tx.execute(sql`
      select coalesce(${
        withOpen
          ? sql`(select min(id) - 1 from positions where member_id = ${memberId} and status = 'holding'),`
          : sql``
      } (select max(id) from positions where member_id = ${memberId}), 0) as id`),
    (row) => String(row.int("id")),
  );
}

/** Inserts a running copy; undefined when the follower already copies this lead (the partial unique index). */
export async function insertCopy(
  tx: Tx,
  copy: Omit<CopyRow, "id" | "status" | "highWater" | "stoppedAtMs" | "stopReason">,
): Promise<CopyRow | undefined> {
  const [row] = mapRows(
    await tx.execute(sql`
      insert into copies as c (follower_id, lead_id, currency, status, stop_pct, period_days, profit_share_pct,
        invested_minor, after_position_id, started_at_ms, ends_at_ms)
      values (${copy.followerId}, ${copy.leadId}, ${copy.currency}, 'active', ${copy.stopPct}, ${copy.periodDays},
        ${copy.profitSharePct}, ${copy.invested.toString()}, ${copy.afterPositionId}, ${copy.startedAtMs}, ${copy.endsAtMs})
      on conflict (follower_id, lead_id) where status = 'active' do nothing
      returning ${copyColumns}`),
    toCopy,
  );
  return row;
}

export async function copyById(tx: Tx, id: number, lock = false): Promise<CopyRow | undefined> {
  const [row] = mapRows(
    await tx.execute(
      sql`select ${copyColumns} from copies c where c.id = ${id} ${lock ? sql`for update` : sql``}`,
    ),
    toCopy,
  );
  return row;
}

/** Locks a running copy without waiting: undefined when it is stopped or another process holds it. */
export async function lockActiveCopy(tx: Tx, id: number): Promise<CopyRow | undefined> {
  const [row] = mapRows(
    await tx.execute(sql`
      select ${copyColumns} from copies c where c.id = ${id} and c.status = 'active' for update skip locked`),
    toCopy,
  );
  return row;
}

/**
 * Locks a set of running copies (those not running any more are left out), without waiting: a copy
 * another process holds is left for a later pass. In id order, the order every set writer locks in.
 */
export async function lockActiveCopies(tx: Tx, ids: readonly string[]): Promise<CopyRow[]> {
  return mapRows(
    await tx.execute(sql`
      select ${copyColumns} from copies c
      where c.id = any(${sql.param(ids.map(Number))}::bigint[]) and c.status = 'active'
      order by c.id for update skip locked`),
    toCopy,
  );
}

export async function saveCopy(
  tx: Tx,
  copy: Pick<CopyRow, "id" | "status" | "invested" | "highWater" | "stoppedAtMs" | "stopReason">,
): Promise<void> {
  await tx.execute(sql`
    update copies set status = ${copy.status}, invested_minor = ${copy.invested.toString()},
      high_water_minor = ${copy.highWater.toString()}, stopped_at_ms = ${copy.stoppedAtMs},
      stop_reason = ${copy.stopReason}
    where id = ${copy.id}`);
}

/** A copy with what the follow list shows: cash, open mirrors' margin, profit share paid, counts. */
export interface CopyView extends CopyRow {
  nickname: string;
  nicknames: LeadTranslations["nickname"] | null;
  avatar: LeadAvatar;
  followerAccount: string;
  cash: bigint;
  sharePaid: bigint;
  /** Money put in less money taken out, from the copy_in and copy_out journals. */
  netIn: bigint;
  openMirrors: number;
  skippedMirrors: number;
}

const copyViewSelect = sql`
  select ${copyColumns}, l.nickname, l.translations, l.avatar, m.account,
    coalesce((select sum(e.amount) from journals j join entries e on e.journal_id = j.id
      join ledger_accounts a on a.id = e.account_id
      where j.ref = 'copy:' || c.id and a.member_id = c.follower_id and a.purpose = 'copy'), 0) as cash,
    coalesce((select -sum(e.amount) from journals j join entries e on e.journal_id = j.id
      join ledger_accounts a on a.id = e.account_id
      where j.ref = 'copy:' || c.id and j.kind = 'profit_share' and a.member_id = c.follower_id
        and a.purpose = 'copy'), 0) as share_paid,
    coalesce((select sum(e.amount) from journals j join entries e on e.journal_id = j.id
      join ledger_accounts a on a.id = e.account_id
      where j.ref = 'copy:' || c.id and j.kind in ('copy_in', 'copy_out') and a.member_id = c.follower_id
        and a.purpose = 'copy'), 0) as net_in,
    (select count(*) from mirrors x where x.copy_id = c.id and x.status = 'open') as open_mirrors,
    (select count(*) from mirrors x where x.copy_id = c.id and x.status = 'skipped') as skipped_mirrors
  from copies c join lead_traders l on l.member_id = c.lead_id join members m on m.id = c.follower_id`;

function toCopyView(row: import("../db/raw-rows.ts").RawRow): CopyView {
  return {
    ...toCopy(row),
    nickname: row.text("nickname"),
    nicknames: translationsOf(row.json("translations"))?.nickname ?? null,
    avatar: row.text("avatar") as LeadAvatar,
    followerAccount: row.text("account"),
    cash: row.bigint("cash"),
    sharePaid: row.bigint("share_paid"),
    netIn: row.bigint("net_in"),
    openMirrors: row.int("open_mirrors"),
    skippedMirrors: row.int("skipped_mirrors"),
  };
}

export async function copiesOf(
  tx: Tx,
  who: { followerId: string } | { leadId: string },
  status?: "active" | "stopped",
): Promise<CopyView[]> {
  const whose = "followerId" in who ? sql`c.follower_id = ${who.followerId}` : sql`c.lead_id = ${who.leadId}`;
  return mapRows(
    await tx.execute(sql`${copyViewSelect} where ${whose} ${status ? sql`and c.status = ${status}` : sql``}
      order by c.id desc limit 200`),
    toCopyView,
  );
}

export async function copyViewById(tx: Tx, id: string): Promise<CopyView | undefined> {
  const [row] = mapRows(await tx.execute(sql`${copyViewSelect} where c.id = ${id}`), toCopyView);
  return row;
}

/** The copy's cash: its journals' entries on the follower's copy account. */
export async function copyCash(tx: Tx, copy: Pick<CopyRow, "id" | "followerId">): Promise<bigint> {
  return mapOneRow(
    await tx.execute(sql`
      select coalesce(sum(e.amount), 0) as cash from journals j join entries e on e.journal_id = j.id
      join ledger_accounts a on a.id = e.account_id
      where j.ref = ${`copy:${copy.id}`} and a.member_id = ${copy.followerId} and a.purpose = 'copy'`),
    (row) => row.bigint("cash"),
  );
}

export interface OpenMirror {
  leadPositionId: string;
  followerPositionId: string;
  symbol: string;
  side: Side;
  quantity: number;
  margin: bigint;
  openNotional: bigint;
  /** The follower's position is still held (the member or a margin call may have closed it). */
  holding: boolean;
}

/** A copy's open mirrors with their follower positions, by lead position. */
export async function openMirrors(tx: Tx, copyId: string): Promise<OpenMirror[]> {
  return (await openMirrorsOf(tx, [copyId])).get(copyId) ?? [];
}

/** `openMirrors` of a set of copies in one query, by copy id. */
export async function openMirrorsOf(tx: Tx, copyIds: readonly string[]): Promise<Map<string, OpenMirror[]>> {
  const rows = mapRows(
    await tx.execute(sql`
      select x.copy_id, x.lead_position_id, x.follower_position_id, p.symbol, p.side, p.quantity, p.margin_minor,
        p.open_notional_minor, p.status
      from mirrors x join positions p on p.id = x.follower_position_id
      where x.copy_id = any(${sql.param(copyIds.map(Number))}::bigint[]) and x.status = 'open'
      order by x.copy_id, x.lead_position_id`),
    (row) => ({
      copyId: String(row.int("copy_id")),
      mirror: {
        leadPositionId: String(row.int("lead_position_id")),
        followerPositionId: String(row.int("follower_position_id")),
        symbol: row.text("symbol"),
        side: row.text("side") as Side,
        quantity: row.int("quantity"),
        margin: row.bigint("margin_minor"),
        openNotional: row.bigint("open_notional_minor"),
        holding: row.text("status") === "holding",
      },
    }),
  );
  const mirrors = new Map<string, OpenMirror[]>(copyIds.map((id) => [id, []]));
  for (const { copyId, mirror } of rows) mirrors.get(copyId)?.push(mirror);
  return mirrors;
}

/**
 * Locks the running copies of this set that have no mirror of the lead position yet, without
 * waiting: a copy another process holds is left for a later pass. In id order.
 */
export async function lockUnmirroredCopies(
  tx: Tx,
  copyIds: readonly string[],
  leadPositionId: string,
): Promise<CopyRow[]> {
  return mapRows(
    await tx.execute(sql`
      select ${copyColumns} from copies c
      where c.id = any(${sql.param(copyIds.map(Number))}::bigint[]) and c.status = 'active'
        and not exists (select 1 from mirrors x where x.copy_id = c.id and x.lead_position_id = ${leadPositionId})
      order by c.id
      for update of c skip locked`),
    toCopy,
  );
}

/**
 * Each copy's cash (as `copyCash` reads it) and the margin of its mirrors still held, in one
 * query for a set of copies. A copy's journals are all its follower's, so they are found through
 * the member's journals rather than by their ref alone. A copy's mirrors are found by its key and
 * each one's position by its own, whatever the planner believes: a set's mirrors and positions are
 * new, and before their statistics catch up it chose to read every open mirror and every holding
 * position (every follower's) once per copy, so a set's read grew with all followers.
 */
export async function copyFunds(
  tx: Tx,
  copies: readonly Pick<CopyRow, "id" | "followerId">[],
): Promise<Map<string, { cash: bigint; margin: bigint }>> {
  const rows = mapRows(
    await tx.execute(sql`
      select c.id,
        coalesce((select sum(e.amount) from journals j join entries e on e.journal_id = j.id
          join ledger_accounts a on a.id = e.account_id
          where j.member_id = c.follower_id and j.ref = 'copy:' || c.id and a.member_id = c.follower_id
            and a.purpose = 'copy'), 0) as cash,
        coalesce((select sum((select p.margin_minor from positions p
            where p.id = x.follower_position_id and p.status = 'holding')) filter (where x.status = 'open')
          from mirrors x where x.copy_id = c.id), 0) as margin
      from unnest(${sql.param(copies.map((copy) => Number(copy.id)))}::bigint[],
        ${sql.param(copies.map((copy) => copy.followerId))}::uuid[]) as c(id, follower_id)`),
    (row) => ({ id: String(row.int("id")), cash: row.bigint("cash"), margin: row.bigint("margin") }),
  );
  return new Map(rows.map((row) => [row.id, { cash: row.cash, margin: row.margin }]));
}

/**
 * Records a set of copies' mirrors of one lead position: open, naming the follower's position, or
 * skipped. The table's key (copy, lead position) takes each once: returns how many it took.
 */
export async function insertMirrors(
  tx: Tx,
  leadPositionId: string,
  mirrors: readonly { copyId: string; followerPositionId: string | null; quantity: number }[],
  nowMs: number,
): Promise<number> {
  if (mirrors.length === 0) return 0;
  const rows = mapRows(
    await tx.execute(sql`
      insert into mirrors (copy_id, lead_position_id, follower_position_id, quantity, status, created_at_ms)
      select copy_id, ${leadPositionId}, follower_position_id, quantity,
        case when follower_position_id is null then 'skipped' else 'open' end, ${nowMs}
      from unnest(${sql.param(mirrors.map((m) => Number(m.copyId)))}::bigint[],
        ${sql.param(mirrors.map((m) => (m.followerPositionId === null ? null : Number(m.followerPositionId))))}::bigint[],
        ${sql.param(mirrors.map((m) => m.quantity))}::int[]) as m(copy_id, follower_position_id, quantity)
      order by copy_id
      on conflict do nothing returning 1 as one`),
    (row) => row.int("one"),
  );
  return rows.length;
}

export async function markMirrorClosed(tx: Tx, copyId: string, leadPositionId: string): Promise<void> {
  await tx.execute(sql`
    update mirrors set status = 'closed' where copy_id = ${copyId} and lead_position_id = ${leadPositionId}`);
}

/** `markMirrorClosed` for a set of copies' mirrors of one lead position, in one statement. */
export async function markMirrorsClosed(
  tx: Tx,
  copyIds: readonly string[],
  leadPositionId: string,
): Promise<void> {
  if (copyIds.length === 0) return;
  await tx.execute(sql`
    update mirrors set status = 'closed'
    where copy_id = any(${sql.param(copyIds.map(Number))}::bigint[]) and lead_position_id = ${leadPositionId}`);
}

/** Marks every open mirror of a set of stopping copies closed, in one statement. */
export async function markCopiesMirrorsClosed(tx: Tx, copyIds: readonly string[]): Promise<void> {
  if (copyIds.length === 0) return;
  await tx.execute(sql`
    update mirrors set status = 'closed'
    where copy_id = any(${sql.param(copyIds.map(Number))}::bigint[]) and status = 'open'`);
}

/**
 * Locks the running copies of this set whose mirror of the lead position is still open, without
 * waiting (a copy another process holds is left for a later pass), in id order, each with that
 * mirror's position and whether it is still held.
 */
export async function lockMirroringCopies(
  tx: Tx,
  copyIds: readonly string[],
  leadPositionId: string,
): Promise<(CopyRow & { followerPositionId: string; holding: boolean })[]> {
  return mapRows(
    await tx.execute(sql`
      select ${copyColumns}, x.follower_position_id, p.status as position_status from copies c
      join mirrors x on x.copy_id = c.id and x.lead_position_id = ${leadPositionId} and x.status = 'open'
      join positions p on p.id = x.follower_position_id
      where c.id = any(${sql.param(copyIds.map(Number))}::bigint[]) and c.status = 'active'
      order by c.id
      for update of c skip locked`),
    (row) => ({
      ...toCopy(row),
      followerPositionId: String(row.int("follower_position_id")),
      holding: row.text("position_status") === "holding",
    }),
  );
}

export interface PendingMirror {
  copyId: string;
  leadId: string;
  leadPositionId: string;
  symbol: string;
  side: Side;
  quantity: number;
  leverage: number;
  /** Still held by the lead: a position the lead already closed is recorded as skipped. */
  holding: boolean;
}

/**
 * Lead positions a running copy has not seen yet, oldest first: the work of a mirroring pass.
 * This is how a missed event is caught up: the pass reads the database, not a stream, so
 * whatever a crash or a restart left undone is still here on the next pass.
 */
export async function pendingMirrors(tx: Tx, limit: number): Promise<PendingMirror[]> {
  return mapRows(
    await tx.execute(sql`
      select c.id as copy_id, c.lead_id, p.id as lead_position_id, p.symbol, p.side, p.quantity, p.leverage, p.status
      from copies c
      join positions p on p.member_id = c.lead_id and p.id > c.after_position_id and p.currency = c.currency
      where c.status = 'active'
        -- A position the lead closed before the copy began was never the copy's to see.
        and (p.status = 'holding' or p.closed_at_ms >= c.started_at_ms)
        and not exists (select 1 from mirrors x where x.copy_id = c.id and x.lead_position_id = p.id)
      order by p.id, c.id
      limit ${limit}`),
    (row) => ({
      copyId: String(row.int("copy_id")),
      leadId: row.text("lead_id"),
      leadPositionId: String(row.int("lead_position_id")),
      symbol: row.text("symbol"),
      side: row.text("side") as Side,
      quantity: row.int("quantity"),
      leverage: row.int("leverage"),
      holding: row.text("status") === "holding",
    }),
  );
}

/** Open mirrors whose lead position is closed, or whose own position was closed some other way. */
export async function mirrorsToClose(
  tx: Tx,
  limit: number,
): Promise<{ copyId: string; leadPositionId: string; symbol: string }[]> {
  return mapRows(
    await tx.execute(sql`
      select x.copy_id, x.lead_position_id, lp.symbol from mirrors x
      join positions lp on lp.id = x.lead_position_id
      join positions fp on fp.id = x.follower_position_id
      where x.status = 'open' and (lp.status = 'closed' or fp.status = 'closed')
      order by x.lead_position_id, x.copy_id limit ${limit}`),
    (row) => ({
      copyId: String(row.int("copy_id")),
      leadPositionId: String(row.int("lead_position_id")),
      symbol: row.text("symbol"),
    }),
  );
}

/** A page of running copies in id order, after the copy `afterId` (the monthly settlement's). */
export async function activeCopies(
  tx: Tx,
  limit: number,
  afterId = "0",
): Promise<(CopyRow & { leadStatus: LeadStatus })[]> {
  return mapRows(
    await tx.execute(sql`
      select ${copyColumns}, l.status as lead_status from copies c join lead_traders l on l.member_id = c.lead_id
      where c.status = 'active' and c.id > ${afterId} order by c.id limit ${limit}`),
    (row) => ({ ...toCopy(row), leadStatus: row.text("lead_status") as LeadStatus }),
  );
}

/**
 * A page of running copies (in id order, after the copy `afterId`) with everything their stop
 * checks read, in one query: the lead's status, the copy's cash (as `copyCash` reads it, through
 * the follower's journals) and its mirrors still held, to mark at the books.
 */
export async function copyStopFigures(
  tx: Tx,
  limit: number,
  afterId = "0",
): Promise<(CopyRow & { leadStatus: LeadStatus; cash: bigint; held: OpenMirror[] })[]> {
  return mapRows(
    await tx.execute(sql`
      select ${copyColumns}, l.status as lead_status,
        coalesce((select sum(e.amount) from journals j join entries e on e.journal_id = j.id
          join ledger_accounts a on a.id = e.account_id
          where j.member_id = c.follower_id and j.ref = 'copy:' || c.id and a.member_id = c.follower_id
            and a.purpose = 'copy'), 0) as cash,
        (select coalesce(json_agg(json_build_array(x.lead_position_id::text, x.follower_position_id::text, p.symbol,
            p.side, p.quantity, p.margin_minor::text, p.open_notional_minor::text) order by x.lead_position_id), '[]')
          from mirrors x join positions p on p.id = x.follower_position_id
          where x.copy_id = c.id and x.status = 'open' and p.status = 'holding') as held
      from copies c join lead_traders l on l.member_id = c.lead_id
      where c.status = 'active' and c.id > ${afterId} order by c.id limit ${limit}`),
    (row) => ({
      ...toCopy(row),
      leadStatus: row.text("lead_status") as LeadStatus,
      cash: row.bigint("cash"),
      held: (row.json("held") as [string, string, string, Side, number, string, string][]).map(
        ([leadPositionId, followerPositionId, symbol, side, quantity, margin, openNotional]) => ({
          leadPositionId,
          followerPositionId,
          symbol,
          side,
          quantity,
          margin: BigInt(margin),
          openNotional: BigInt(openNotional),
          holding: true,
        }),
      ),
    }),
  );
}

/** The follower's positions mirrored from leads, with the lead's nickname. */
export async function mirroredPositions(
  tx: Tx,
  followerId: string,
  status: Position["status"] | undefined,
): Promise<
  { positionId: string; copyId: string; nickname: string; nicknames: LeadTranslations["nickname"] | null }[]
> {
  return mapRows(
    await tx.execute(sql`
      select x.follower_position_id, x.copy_id, l.nickname, l.translations
      from mirrors x join copies c on c.id = x.copy_id join lead_traders l on l.member_id = c.lead_id
      join positions p on p.id = x.follower_position_id
      where c.follower_id = ${followerId} ${status ? sql`and p.status = ${status}` : sql``}
      order by x.follower_position_id desc limit 200`),
    (row) => ({
      positionId: String(row.int("follower_position_id")),
      copyId: String(row.int("copy_id")),
      nickname: row.text("nickname"),
      nicknames: translationsOf(row.json("translations"))?.nickname ?? null,
    }),
  );
}

/** Profit share the copy has paid so far, and when it last paid one (null before the first). */
export async function copyShares(
  tx: Tx,
  copy: Pick<CopyRow, "id" | "followerId">,
): Promise<{ paid: bigint; lastAtMs: number | null }> {
  return mapOneRow(
    await tx.execute(sql`
      select coalesce(-sum(e.amount), 0) as paid, max(j.created_at_ms) as last_at_ms
      from journals j join entries e on e.journal_id = j.id join ledger_accounts a on a.id = e.account_id
      where j.ref = ${`copy:${copy.id}`} and j.kind = 'profit_share' and a.member_id = ${copy.followerId}
        and a.purpose = 'copy'`),
    (row) => ({ paid: row.bigint("paid"), lastAtMs: row.intOrNull("last_at_ms") }),
  );
}

/**
 * The ledger check's finding for follow trading: copies whose share of the follower's copy
 * account disagrees with their row (a stopped copy still holding cash, a running one whose money
 * in less money out is not what it says was invested), and copy accounts whose balance is not
 * the sum of their copies' cash (an entry on one outside any copy's journals).
 */
export async function copiesMismatched(tx: Tx): Promise<number> {
  return mapOneRow(
    await tx.execute(sql`
      select count(*) as mismatched from (
        select c.id from copies c
        left join (select j.ref, sum(e.amount) as cash,
                     sum(e.amount) filter (where j.kind in ('copy_in', 'copy_out')) as net_in
                   from journals j join entries e on e.journal_id = j.id
                   join ledger_accounts a on a.id = e.account_id
                   where a.purpose = 'copy' and j.ref like 'copy:%' group by j.ref) k on k.ref = 'copy:' || c.id
        where (c.status = 'stopped' and coalesce(k.cash, 0) <> 0)
           or (c.status = 'active' and coalesce(k.net_in, 0) <> c.invested_minor)
        union all
        select a.id from ledger_accounts a
        where a.purpose = 'copy' and a.balance <> coalesce((
          select sum(e.amount) from entries e join journals j on j.id = e.journal_id
          where e.account_id = a.id and j.ref like 'copy:%'
            and exists (select 1 from copies c where 'copy:' || c.id = j.ref and c.follower_id = a.member_id)), 0)
      ) x`),
    (row) => row.int("mismatched"),
  );
}
