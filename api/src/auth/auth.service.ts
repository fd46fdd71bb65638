import { randomInt } from "node:crypto";
import type { loginRequestSchema, Me, registerRequestSchema } from "@kabuto/shared";
import { hash, verify } from "@node-rs/argon2";
import type { z } from "zod";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import {
  insertMember,
  inviteCodeTaken,
  loginFailureCounts,
  memberByAccount,
  memberIdByInviteCode,
  recordLoginFailure,
} from "./auth.repo.ts";
import { createSession, revokeSession, type SessionMember } from "./sessions.ts";

export type Registration = z.output<typeof registerRequestSchema>;
export type Credentials = z.output<typeof loginRequestSchema>;

/** Failed sign-ins counted over this window: long enough to stop guessing, short enough to forgive typos. */
export const loginWindowMs = 15 * 60_000;
/** Failures per account in the window before sign-in is refused: a person mistypes a few times, a script many. */
export const loginFailuresPerAccountMax = 5;
/** Failures per address: higher, since a mobile carrier's NAT puts many members behind one address. */
export const loginFailuresPerAddressMax = 30;
/** argon2id at OWASP's recommended minimum (19 MiB, 2 passes): about 30 ms a hash on one core. */
const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** Invitation codes avoid letters that read alike (0/O, 1/I/L). */
const inviteAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

export interface RequestContext {
  nowMs: number;
  ip: string;
  userAgent?: string | undefined;
}

export function toMe(member: SessionMember): Me {
  return {
    id: member.id,
    account: member.account,
    inviteCode: member.inviteCode,
    verification: member.verification,
    createdAtMs: member.createdAtMs,
  };
}

export class AuthService {
  private readonly db: Db;
  private readonly inviteRequired: boolean;

  constructor(db: Db, options: { inviteRequired: boolean }) {
    this.db = db;
    this.inviteRequired = options.inviteRequired;
  }

  async register(body: Registration, context: RequestContext): Promise<{ member: Me; token: string }> {
    if (this.inviteRequired && !body.inviteCode) {
      throw new AppError("INVITE_CODE_REQUIRED", { fields: { inviteCode: "INVITE_CODE_REQUIRED" } });
    }
    let invitedBy: string | null = null;
    if (body.inviteCode) {
      const inviter = await memberIdByInviteCode(this.db, body.inviteCode);
      if (!inviter) throw new AppError("INVITER_NOT_FOUND", { fields: { inviteCode: "INVITER_NOT_FOUND" } });
      invitedBy = inviter;
    }
    const passwordHash = await hash(body.password, argon2Options);
    const member = await insertMember(this.db, {
      account: body.account,
      passwordHash,
      inviteCode: await this.freshInviteCode(),
      invitedBy,
      createdAtMs: context.nowMs,
    });
    if (!member) throw new AppError("ACCOUNT_EXISTS", { fields: { account: "ACCOUNT_EXISTS" } });
    const token = await createSession(this.db, member.id, context);
    return { member: toMe(member), token };
  }

  async login(body: Credentials, context: RequestContext): Promise<{ member: Me; token: string }> {
    await this.refuseIfThrottled(body.account, context);
    const member = await memberByAccount(this.db, body.account);
    // Unknown accounts still pay for a hash, so timing does not reveal which accounts exist.
    const ok = member
      ? await verify(member.passwordHash, body.password)
      : await hash(body.password, argon2Options).then(() => false);
    if (!member || !ok) {
      await recordLoginFailure(this.db, { account: body.account, ip: context.ip, atMs: context.nowMs });
      throw new AppError("LOGIN_FAILED");
    }
    if (member.disabled) throw new AppError("ACCOUNT_DISABLED");
    if (member.frozen) throw new AppError("ACCOUNT_FROZEN");
    const token = await createSession(this.db, member.id, context);
    return { member: toMe(member), token };
  }

  async logout(token: string | undefined, nowMs: number): Promise<void> {
    if (token) await revokeSession(this.db, token, nowMs);
  }

  private async refuseIfThrottled(account: string, context: RequestContext): Promise<void> {
    const failures = await loginFailureCounts(this.db, {
      account,
      ip: context.ip,
      sinceMs: context.nowMs - loginWindowMs,
    });
    if (
      failures.byAccount >= loginFailuresPerAccountMax ||
      failures.byAddress >= loginFailuresPerAddressMax
    ) {
      throw new AppError("LOGIN_THROTTLED", { retryAfterMs: loginWindowMs });
    }
  }

  private async freshInviteCode(): Promise<string> {
    // 31^6 codes: a clash is rare, ten in a row means something else is wrong.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      let code = "";
      for (let index = 0; index < 6; index += 1) code += inviteAlphabet[randomInt(inviteAlphabet.length)];
      if (!(await inviteCodeTaken(this.db, code))) return code;
    }
    throw new Error("no free invitation code after 10 attempts");
  }
}

/** Used by the demo seed: the same hashing as registration. */
export async function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}
