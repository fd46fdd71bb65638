import type { MemberProfile, MemberSummary } from "@kabuto/shared/api/ops";
import { and, desc, eq, gt, ilike, isNull, like, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { firstRow, mapOneRow } from "../db/raw-rows.ts";
import { members, sessions } from "../db/schema.ts";
import { isMemberId } from "../kernel/members.repo.ts";
import type { Tx } from "../ledger/ledger.repo.ts";

type MemberRow = typeof members.$inferSelect;

export function toMemberSummary(row: MemberRow): MemberSummary {
  return {
    id: row.id,
    account: row.account,
    inviteCode: row.inviteCode,
    realName: row.realName,
    verification: row.verification,
    frozen: row.frozen,
    disabled: row.disabled,
    tradingBarred: row.tradingBarred,
    withdrawBarred: row.withdrawBarred,
    createdAtMs: row.createdAtMs,
  };
}

/** `%` and `_` in what staff type match themselves, not any text. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * What a search matches: a member id exactly; otherwise an account prefix, an invitation code
 * exactly (any case), or part of the real name.
 */
function searchCondition(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  if (isMemberId(q)) return eq(members.id, q.toLowerCase());
  const escaped = escapeLike(q);
  return or(
    like(members.account, `${escaped}%`),
    eq(members.inviteCode, q.toUpperCase()),
    ilike(members.realName, `%${escaped}%`),
  );
}

export interface SearchQuery {
  q?: string | undefined;
  limit: number;
  offset: number;
}

/** Newest members first; one row more than the page says whether another page follows. */
export async function searchMembers(
  db: Db,
  query: SearchQuery,
): Promise<{ items: MemberSummary[]; nextOffset: number | null }> {
  const rows = await db
    .select()
    .from(members)
    .where(searchCondition(query.q))
    .orderBy(desc(members.createdAtMs), desc(members.id))
    .limit(query.limit + 1)
    .offset(query.offset);
  const more = rows.length > query.limit;
  return {
    items: rows.slice(0, query.limit).map(toMemberSummary),
    nextOffset: more ? query.offset + query.limit : null,
  };
}

/** Sets account flags of a member the transaction has locked. */
export async function setFlags(
  db: Pick<Db, "update">,
  memberId: string,
  flags: Partial<Pick<MemberRow, "frozen" | "disabled" | "tradingBarred" | "withdrawBarred">>,
): Promise<MemberRow> {
  return firstRow(await db.update(members).set(flags).where(eq(members.id, memberId)).returning());
}

/** The account of a member, by id: who invited someone. */
export async function memberAccount(db: Pick<Db, "select">, memberId: string): Promise<string | undefined> {
  const [row] = await db.select({ account: members.account }).from(members).where(eq(members.id, memberId));
  return row?.account;
}

/** How much a member has going on: requests, positions, orders and live sessions. */
export async function memberCounts(
  tx: Tx,
  memberId: string,
  nowMs: number,
): Promise<MemberProfile["counts"]> {
  return mapOneRow(
    await tx.execute(sql`
      select
        (select count(*) from deposits where member_id = ${memberId}) as deposits,
        (select count(*) from deposits where member_id = ${memberId} and status = 'pending') as deposits_pending,
        (select count(*) from withdrawals where member_id = ${memberId}) as withdrawals,
        (select count(*) from withdrawals where member_id = ${memberId} and status in ('pending', 'checked'))
          as withdrawals_open,
        (select count(*) from positions where member_id = ${memberId} and status = 'holding') as positions_holding,
        (select count(*) from positions where member_id = ${memberId} and status = 'closed') as positions_closed,
        (select count(*) from orders where member_id = ${memberId} and status = 'pending') as orders_pending,
        (select count(*) from sessions where member_id = ${memberId} and revoked_at_ms is null
          and expires_at_ms > ${nowMs}) as active_sessions`),
    (row) => ({
      deposits: row.int("deposits"),
      depositsPending: row.int("deposits_pending"),
      withdrawals: row.int("withdrawals"),
      withdrawalsOpen: row.int("withdrawals_open"),
      positionsHolding: row.int("positions_holding"),
      positionsClosed: row.int("positions_closed"),
      ordersPending: row.int("orders_pending"),
      activeSessions: row.int("active_sessions"),
    }),
  );
}

/** The hashes of a member's live sessions, so this process's session cache can forget them. */
export async function liveSessionHashes(
  tx: Pick<Db, "select">,
  memberId: string,
  nowMs: number,
): Promise<string[]> {
  const rows = await tx
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(
      and(eq(sessions.memberId, memberId), isNull(sessions.revokedAtMs), gt(sessions.expiresAtMs, nowMs)),
    );
  return rows.map((row) => row.tokenHash);
}
