import type { changeLoginPasswordSchema, SecurityStatus, setFundPasswordSchema } from "@kabuto/shared";
import { verify } from "@node-rs/argon2";
import type { z } from "zod";
import { hashPassword, loginFailuresPerAccountMax, loginWindowMs } from "../auth/auth.service.ts";
import { revokeMemberSessions } from "../auth/sessions.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { verifyFundPassword } from "./fund-password.ts";
import {
  type CredentialChange,
  failuresSince,
  memberById,
  recordFailure,
  replaceCredential,
} from "./passwords.repo.ts";

export type ChangeLoginPassword = z.output<typeof changeLoginPasswordSchema>;
export type SetFundPassword = z.output<typeof setFundPasswordSchema>;

export interface PasswordContext {
  nowMs: number;
  ip: string;
  /** The hash of the session asking: it stays signed in when the others end. */
  keepTokenHash: string | undefined;
}

/**
 * Login and fund passwords (argon2id, like sign-in). Changing either ends the member's other
 * sessions; the caller tells caches and gateways about the hashes returned.
 */
export class PasswordsService {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async security(memberId: string): Promise<SecurityStatus> {
    const member = await this.member(memberId);
    return {
      fundPasswordSet: member.fundPasswordHash !== null,
      verification: member.verification,
      realName: member.realName,
      frozen: member.frozen,
      tradingBarred: member.tradingBarred,
      withdrawBarred: member.withdrawBarred,
    };
  }

  /** Changes the login password (the old one proves who asks); returns the sessions that ended. */
  async changeLoginPassword(
    memberId: string,
    body: ChangeLoginPassword,
    context: PasswordContext,
  ): Promise<string[]> {
    const member = await this.member(memberId);
    await this.proveLoginPassword(member, body.oldPassword, context);
    const passwordHash = await hashPassword(body.password);
    return this.replace(
      memberId,
      { passwordHash, replaces: member.passwordHash },
      "OLD_PASSWORD_WRONG",
      context,
    );
  }

  /**
   * Sets the fund password (the login password proves who asks) or changes it (the old fund
   * password does). A change ends the other sessions; setting the first one changes no
   * credential anyone holds, so it ends none.
   */
  async setFundPassword(
    memberId: string,
    body: SetFundPassword,
    context: PasswordContext,
  ): Promise<string[]> {
    const member = await this.member(memberId);
    const previous = member.fundPasswordHash;
    if (previous === null) {
      if (!body.loginPassword) {
        throw new AppError("PASSWORD_REQUIRED", { fields: { loginPassword: "PASSWORD_REQUIRED" } });
      }
      await this.proveLoginPassword(member, body.loginPassword, context);
    } else {
      if (!body.oldFundPassword) {
        throw new AppError("FUND_PASSWORD_REQUIRED", {
          fields: { oldFundPassword: "FUND_PASSWORD_REQUIRED" },
        });
      }
      await verifyFundPassword(this.db, memberId, body.oldFundPassword, context.nowMs);
    }
    const fundPasswordHash = await hashPassword(body.fundPassword);
    return this.replace(
      memberId,
      { fundPasswordHash, replaces: previous },
      "FUND_PASSWORD_WRONG",
      previous === null ? { ...context, endOthers: false } : context,
    );
  }

  private async member(memberId: string) {
    const member = await memberById(this.db, memberId);
    if (!member) throw new AppError("UNAUTHENTICATED");
    return member;
  }

  /**
   * OLD_PASSWORD_WRONG for a wrong login password, recorded as a failed sign-in; LOGIN_THROTTLED
   * after too many, in the same window and to the same limit as sign-in: a stolen session must
   * not be a way to guess the password without limit.
   */
  private async proveLoginPassword(
    member: { account: string; passwordHash: string },
    password: string,
    context: PasswordContext,
  ): Promise<void> {
    const failures = await failuresSince(this.db, member.account, context.nowMs - loginWindowMs);
    if (failures >= loginFailuresPerAccountMax) {
      throw new AppError("LOGIN_THROTTLED", { retryAfterMs: loginWindowMs });
    }
    if (await verify(member.passwordHash, password)) return;
    await recordFailure(this.db, { account: member.account, ip: context.ip, atMs: context.nowMs });
    throw new AppError("OLD_PASSWORD_WRONG", { fields: { oldPassword: "OLD_PASSWORD_WRONG" } });
  }

  /**
   * Writes the new hash only if the credential that was proved is still the current one (a
   * concurrent change wins otherwise), and ends the other sessions in the same transaction.
   */
  private async replace(
    memberId: string,
    change: CredentialChange,
    raced: "OLD_PASSWORD_WRONG" | "FUND_PASSWORD_WRONG",
    context: PasswordContext & { endOthers?: boolean },
  ): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      if (!(await replaceCredential(tx, memberId, change))) throw new AppError(raced);
      if (context.endOthers === false) return [];
      return revokeMemberSessions(tx, memberId, context.nowMs, context.keepTokenHash);
    });
  }
}
