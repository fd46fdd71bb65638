import type { RewardEvent } from "@kabuto/shared/api/rewards";
import { maskPhone } from "@kabuto/shared/rewards/invitations";
import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { mapOneRow, mapRows } from "../db/raw-rows.ts";
import type { Tx } from "../ledger/ledger.repo.ts";

/** History rows a rewards screen shows: two months of daily check-ins and the conversions among them. */
const historyMax = 60;

export async function lastCheckIn(
  tx: Tx | Db,
  memberId: string,
): Promise<{ date: string; streak: number } | undefined> {
  const [row] = mapRows(
    await tx.execute(sql`
      select tokyo_date, streak from checkins where member_id = ${memberId} order by tokyo_date desc limit 1`),
    (row) => ({ date: row.text("tokyo_date"), streak: row.int("streak") }),
  );
  return row;
}

/** Records today's check-in; false if the member already checked in today (from any process). */
export async function insertCheckIn(
  tx: Tx,
  checkIn: { memberId: string; date: string; streak: number; points: number; nowMs: number },
): Promise<boolean> {
  const inserted = mapRows(
    await tx.execute(sql`
      insert into checkins (member_id, tokyo_date, streak, points, created_at_ms)
      values (${checkIn.memberId}, ${checkIn.date}, ${checkIn.streak}, ${checkIn.points}, ${checkIn.nowMs})
      on conflict do nothing returning streak`),
    (row) => row.int("streak"),
  );
  return inserted.length > 0;
}

/** Points earned in all, earned on or before `expiredOnOrBefore` (now expired), and spent on conversions. */
export async function pointTotals(
  tx: Tx | Db,
  memberId: string,
  expiredOnOrBefore: string,
): Promise<{ earned: number; expiredEarned: number; spent: number }> {
  return mapOneRow(
    await tx.execute(sql`
      select
        (select coalesce(sum(points), 0) from checkins where member_id = ${memberId}) as earned,
        (select coalesce(sum(points), 0) from checkins where member_id = ${memberId}
          and tokyo_date <= ${expiredOnOrBefore}) as expired_earned,
        (select coalesce(sum(points), 0) from reward_conversions where member_id = ${memberId}) as spent`),
    (row) => ({
      earned: row.int("earned"),
      expiredEarned: row.int("expired_earned"),
      spent: row.int("spent"),
    }),
  );
}

/**
 * Yen of reward cash paid to the member since `fromDate` (a Tokyo date), minor units: converted
 * points and invitation rewards. A reward operations took back still counts: the cap is on what
 * was given, so abuse cannot make room for more.
 */
export async function rewardCashSince(tx: Tx | Db, memberId: string, fromDate: string): Promise<bigint> {
  return mapOneRow(
    await tx.execute(sql`
      select
        (select coalesce(sum(yen_minor), 0) from reward_conversions
          where member_id = ${memberId} and tokyo_date >= ${fromDate})
        + (select coalesce(sum(yen_minor), 0) from invitation_rewards
          where inviter_id = ${memberId} and tokyo_date >= ${fromDate}) as total`),
    (row) => row.bigint("total"),
  );
}

export async function insertConversion(
  tx: Tx,
  conversion: {
    memberId: string;
    points: number;
    yen: bigint;
    journalId: number;
    date: string;
    nowMs: number;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into reward_conversions (member_id, points, yen_minor, journal_id, tokyo_date, created_at_ms)
    values (${conversion.memberId}, ${conversion.points}, ${conversion.yen.toString()}::bigint,
      ${conversion.journalId}, ${conversion.date}, ${conversion.nowMs})`);
}

/** Check-ins, conversions, invitation rewards and reversals, newest first. */
export async function rewardHistory(db: Db, memberId: string): Promise<RewardEvent[]> {
  return mapRows(
    await db.execute(sql`
      select * from (
        select 'checkin' as kind, tokyo_date as id, points, null::text as yen, streak, null::text as invitee,
            tokyo_date, created_at_ms
          from checkins where member_id = ${memberId}
        union all
        select 'convert', id::text, -points, yen_minor::text, null, null, tokyo_date, created_at_ms
          from reward_conversions where member_id = ${memberId}
        union all
        select 'invite', r.invitee_id::text, 0, r.yen_minor::text, null, m.account, r.tokyo_date, r.created_at_ms
          from invitation_rewards r join members m on m.id = r.invitee_id where r.inviter_id = ${memberId}
        union all
        select 'reversal', reward_journal_id::text, 0, (-yen_minor)::text, null, null, tokyo_date, created_at_ms
          from reward_reversals where member_id = ${memberId}
      ) events order by created_at_ms desc limit ${historyMax}`),
    (row) => {
      const kind = rewardKind(row.text("kind"));
      const invitee = row.textOrNull("invitee");
      return {
        id: `${kind}:${row.text("id")}`,
        kind,
        points: row.int("points"),
        yen: row.textOrNull("yen"),
        streak: row.intOrNull("streak"),
        invitee: invitee === null ? null : maskPhone(invitee),
        date: row.text("tokyo_date"),
        createdAtMs: row.int("created_at_ms"),
      };
    },
  );
}

function rewardKind(kind: string): RewardEvent["kind"] {
  if (kind === "convert" || kind === "invite" || kind === "reversal") return kind;
  return "checkin";
}
