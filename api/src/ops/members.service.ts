import {
  type MemberFlagName,
  type MemberFlagsUpdate,
  type MemberProfile,
  type MemberSummary,
  memberFlagNames,
} from "@kabuto/shared/api/ops";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { recordAudit } from "../kernel/audit.ts";
import { revokeMemberSessions } from "../kernel/member-sessions.ts";
import { findMember, isMemberId, lockMemberRow } from "../kernel/members.repo.ts";
import type { StaffMember } from "../kernel/staff-sessions.ts";
import { memberBalances } from "../ledger/ledger.repo.ts";
import { fundRecords } from "../trading/account.repo.ts";
import {
  liveSessionHashes,
  memberAccount,
  memberCounts,
  type SearchQuery,
  searchMembers,
  setFlags,
  toMemberSummary,
} from "./members.repo.ts";

/** Journals a profile shows: the last few weeks of an active member, enough to explain a balance. */
const recentJournalsMax = 20;

type Flags = Record<MemberFlagName, boolean>;

export interface FlagsResult {
  member: MemberSummary;
  /** Sessions that ended (the member was disabled): caches forget them, gateways drop their sockets. */
  ended: string[];
  /** Sessions that live on with new flags: caches forget them so the next request reads the flags. */
  changed: string[];
}

function flagsOf(row: Flags): Flags {
  return {
    frozen: row.frozen,
    disabled: row.disabled,
    tradingBarred: row.tradingBarred,
    withdrawBarred: row.withdrawBarred,
  };
}

/** The flags the update changes, with their new values; a flag set to what it is already is no change. */
export function changedFlags(current: Flags, update: Partial<Flags>): Partial<Flags> {
  const changed: Partial<Flags> = {};
  for (const name of memberFlagNames) {
    const wanted = update[name];
    if (wanted !== undefined && wanted !== current[name]) changed[name] = wanted;
  }
  return changed;
}

/**
 * Sets a member's account flags and audits them in one transaction.
 *
 * Disabling ends every session of the member at once: the spec's "disabled" means the account
 * is closed to its owner. Freezing does not: a frozen member may not sign in again, place
 * orders or move money, but a member already signed in keeps seeing their balances and open
 * positions (and may close them) while support sorts the matter out; cutting them off from
 * positions that move with the market would do them harm the freeze is not meant to do.
 */
async function setMemberFlags(
  db: Db,
  memberId: string,
  body: MemberFlagsUpdate,
  actor: StaffMember,
  context: { nowMs: number; ip: string },
): Promise<FlagsResult> {
  if (!isMemberId(memberId)) throw new AppError("MEMBER_NOT_FOUND");
  return db.transaction(async (tx) => {
    const row = await lockMemberRow(tx, memberId);
    if (!row) throw new AppError("MEMBER_NOT_FOUND");
    const before = flagsOf(row);
    const changed = changedFlags(before, body);
    if (Object.keys(changed).length === 0) return { member: toMemberSummary(row), ended: [], changed: [] };
    const updated = await setFlags(tx, memberId, changed);
    const ended = changed.disabled ? await revokeMemberSessions(tx, memberId, context.nowMs) : [];
    // A disabled member's sessions were all just revoked: none is left to look for.
    const live = changed.disabled ? [] : await liveSessionHashes(tx, memberId, context.nowMs);
    await recordAudit(tx, {
      staffId: actor.id,
      action: "member.flags",
      target: `member:${memberId}`,
      before,
      after: { ...before, ...changed },
      reason: body.reason,
      ip: context.ip,
      atMs: context.nowMs,
    });
    return { member: toMemberSummary(updated), ended, changed: live };
  });
}

/** Member search, profiles and account flags for the console. */
export class MembersService {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  search(query: SearchQuery): Promise<{ items: MemberSummary[]; nextOffset: number | null }> {
    return searchMembers(this.db, query);
  }

  /**
   * The member, their money by account, their latest journals and how much they have going on;
   * undefined if there is no such member.
   */
  async profile(memberId: string, nowMs: number): Promise<MemberProfile | undefined> {
    const member = await findMember(this.db, memberId);
    if (!member) return undefined;
    const inviter = member.invitedBy ? await memberAccount(this.db, member.invitedBy) : undefined;
    const balances = await memberBalances(this.db, memberId);
    const { items: recentJournals } = await fundRecords(this.db, memberId, { limit: recentJournalsMax });
    return {
      ...toMemberSummary(member),
      invitedByAccount: inviter ?? null,
      balances: balances.map((balance) => ({
        currency: balance.currency,
        purpose: balance.purpose,
        amount: balance.balance.toString(),
      })),
      recentJournals,
      counts: await memberCounts(this.db, memberId, nowMs),
    };
  }

  setFlags(
    memberId: string,
    update: MemberFlagsUpdate,
    actor: StaffMember,
    context: { nowMs: number; ip: string },
  ): Promise<FlagsResult> {
    return setMemberFlags(this.db, memberId, update, actor, context);
  }
}
