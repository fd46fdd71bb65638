import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { mapRows } from "../db/raw-rows.ts";
import type { Tx } from "../ledger/ledger.repo.ts";

/** Invitees an invitation screen lists: the newest, a screenful or more. */
const inviteesMax = 200;

/** The member's own invitation code; undefined when there is no such member. */
export async function inviteCodeOf(db: Db, memberId: string): Promise<string | undefined> {
  const [code] = mapRows(
    await db.execute(sql`select invite_code from members where id = ${memberId}`),
    (row) => row.text("invite_code"),
  );
  return code;
}

/** What the reward hook reads of an invitee, under the invitee's lock. */
export interface InviteeState {
  account: string;
  invitedBy: string | null;
  verified: boolean;
  firstDeposit: boolean;
  rewarded: boolean;
}

/**
 * Locks the invitee's member row and reads what the reward needs. Verification approval and
 * deposit approval both take this lock before reading, so whichever commits second sees the
 * other's work: the reward is never missed when the two are approved at the same moment.
 */
export async function lockInvitee(tx: Tx, inviteeId: string): Promise<InviteeState | undefined> {
  const [row] = mapRows(
    await tx.execute(sql`
      select m.account, m.invited_by::text as invited_by, (m.verification = 'verified')::int as verified,
        exists (select 1 from deposits d where d.member_id = m.id and d.status = 'approved')::int as first_deposit,
        exists (select 1 from invitation_rewards r where r.invitee_id = m.id)::int as rewarded
      from members m where m.id = ${inviteeId} for update of m`),
    (row) => ({
      account: row.text("account"),
      invitedBy: row.textOrNull("invited_by"),
      verified: row.int("verified") === 1,
      firstDeposit: row.int("first_deposit") === 1,
      rewarded: row.int("rewarded") === 1,
    }),
  );
  return row;
}

/**
 * Records the reward for this invitee. The invitee is the primary key: a second insert for the
 * same invitee fails the transaction rather than paying twice.
 */
export async function insertInvitationReward(
  tx: Tx,
  reward: {
    inviteeId: string;
    inviterId: string;
    yen: bigint;
    journalId: number | null;
    date: string;
    nowMs: number;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into invitation_rewards (invitee_id, inviter_id, yen_minor, journal_id, tokyo_date, created_at_ms)
    values (${reward.inviteeId}, ${reward.inviterId}, ${reward.yen.toString()}::bigint, ${reward.journalId},
      ${reward.date}, ${reward.nowMs})`);
}

export interface InviteeRow {
  account: string;
  registeredAtMs: number;
  verified: boolean;
  firstDeposit: boolean;
  rewardYen: bigint | null;
  rewardAtMs: number | null;
  rewardReversed: boolean;
}

/** The members `inviterId` invited, newest first, with their progress and reward. */
export async function inviteesOf(db: Db, inviterId: string): Promise<InviteeRow[]> {
  return mapRows(
    await db.execute(sql`
      select m.account, m.created_at_ms, (m.verification = 'verified')::int as verified,
        exists (select 1 from deposits d where d.member_id = m.id and d.status = 'approved')::int as first_deposit,
        r.yen_minor::text as reward_yen, r.created_at_ms as reward_at_ms,
        exists (select 1 from reward_reversals v where v.reward_journal_id = r.journal_id)::int as reversed
      from members m left join invitation_rewards r on r.invitee_id = m.id
      where m.invited_by = ${inviterId}
      order by m.created_at_ms desc, m.account limit ${inviteesMax}`),
    (row) => {
      const yen = row.textOrNull("reward_yen");
      return {
        account: row.text("account"),
        registeredAtMs: row.int("created_at_ms"),
        verified: row.int("verified") === 1,
        firstDeposit: row.int("first_deposit") === 1,
        rewardYen: yen === null ? null : BigInt(yen),
        rewardAtMs: row.intOrNull("reward_at_ms"),
        rewardReversed: row.int("reversed") === 1,
      };
    },
  );
}

/** How many members this one invited, and how many of them earned the reward. */
export async function invitationCounts(
  db: Db,
  inviterId: string,
): Promise<{ invitees: number; rewarded: number }> {
  const [row] = mapRows(
    await db.execute(sql`
      select (select count(*) from members where invited_by = ${inviterId})::int as invitees,
        (select count(*) from invitation_rewards where inviter_id = ${inviterId})::int as rewarded`),
    (row) => ({ invitees: row.int("invitees"), rewarded: row.int("rewarded") }),
  );
  return row ?? { invitees: 0, rewarded: 0 };
}
