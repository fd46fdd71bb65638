import type { OpsReward } from "@kabuto/shared/api/rewards";
import { maskPhone } from "@kabuto/shared/rewards/invitations";
import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { mapOneRow, mapRows } from "../db/raw-rows.ts";
import type { Tx } from "../ledger/ledger.repo.ts";

/** Reward journals a member's console screen lists: the newest. */
const rewardsMax = 100;

/** A member's reward journals (conversions and invitation rewards), newest first, with any reversal. */
export async function memberRewardJournals(db: Db, memberId: string): Promise<OpsReward[]> {
  return mapRows(
    await db.execute(sql`
      select r.*, v.journal_id::text as reversal_journal_id, v.reason as reversal_reason,
        v.staff_id::text as reversal_staff_id, v.created_at_ms as reversal_at_ms
      from (
        select 'convert' as kind, journal_id, yen_minor, points, null::text as invitee, created_at_ms
          from reward_conversions where member_id = ${memberId}
        union all
        select 'invite', r.journal_id, r.yen_minor, 0, m.account, r.created_at_ms
          from invitation_rewards r join members m on m.id = r.invitee_id
          where r.inviter_id = ${memberId} and r.journal_id is not null
      ) r left join reward_reversals v on v.reward_journal_id = r.journal_id
      order by r.created_at_ms desc, r.journal_id desc limit ${rewardsMax}`),
    (row) => {
      const invitee = row.textOrNull("invitee");
      const reversalJournalId = row.textOrNull("reversal_journal_id");
      return {
        journalId: String(row.int("journal_id")),
        kind: row.text("kind") === "invite" ? "invite" : "convert",
        yen: row.bigint("yen_minor").toString(),
        points: row.int("points"),
        invitee: invitee === null ? null : maskPhone(invitee),
        createdAtMs: row.int("created_at_ms"),
        reversal:
          reversalJournalId === null
            ? null
            : {
                journalId: reversalJournalId,
                reason: row.text("reversal_reason"),
                staffId: row.text("reversal_staff_id"),
                createdAtMs: row.int("reversal_at_ms"),
              },
      };
    },
  );
}

/** Check-ins so far, the last one and its streak. */
export async function checkInCounts(
  db: Db,
  memberId: string,
): Promise<{ count: number; last: { date: string; streak: number } | null }> {
  const count = mapOneRow(
    await db.execute(sql`select count(*)::int as n from checkins where member_id = ${memberId}`),
    (row) => row.int("n"),
  );
  const [last] = mapRows(
    await db.execute(sql`
      select tokyo_date, streak from checkins where member_id = ${memberId} order by tokyo_date desc limit 1`),
    (row) => ({ date: row.text("tokyo_date"), streak: row.int("streak") }),
  );
  return { count, last: last ?? null };
}

/**
 * A reward journal of this member: the yen it put in their available cash, and whether it was
 * already reversed. Undefined if the journal is not one of their rewards.
 */
export async function rewardJournal(
  tx: Tx,
  memberId: string,
  journalId: number,
): Promise<{ yen: bigint; reversed: boolean } | undefined> {
  const [row] = mapRows(
    await tx.execute(sql`
      select coalesce(sum(e.amount), 0) as yen,
        exists (select 1 from reward_reversals v where v.reward_journal_id = j.id)::int as reversed
      from journals j
      join entries e on e.journal_id = j.id
      join ledger_accounts a on a.id = e.account_id and a.member_id = ${memberId} and a.purpose = 'available'
        and a.currency = 'JPY'
      where j.id = ${journalId} and j.kind = 'reward' and j.member_id = ${memberId}
      group by j.id`),
    (row) => ({ yen: row.bigint("yen"), reversed: row.int("reversed") === 1 }),
  );
  return row;
}

export async function insertReversal(
  tx: Tx,
  reversal: {
    rewardJournalId: number;
    memberId: string;
    journalId: number;
    yen: bigint;
    staffId: string;
    reason: string;
    date: string;
    nowMs: number;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into reward_reversals (reward_journal_id, member_id, journal_id, yen_minor, staff_id, reason,
      tokyo_date, created_at_ms)
    values (${reversal.rewardJournalId}, ${reversal.memberId}, ${reversal.journalId},
      ${reversal.yen.toString()}::bigint, ${reversal.staffId}, ${reversal.reason}, ${reversal.date},
      ${reversal.nowMs})`);
}
