import type {
  changeLoginPasswordSchema,
  SecurityStatus,
  setFundPasswordSchema,
} from "@kabuto/shared/api/identity";
import { verify } from "@node-rs/argon2";
import type { z } from "zod";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { revokeMemberSessions } from "../kernel/member-sessions.ts";
import { hashPassword, signInAccountKey, signInAddressClaim } from "../kernel/passwords.ts";
import { reserve, type ThrottleStore, throttleRules } from "../security/throttle.ts";
import { type FundPasswordDeps, verifyFundPassword } from "./fund-password.ts";
import { type CredentialChange, memberById, replaceCredential } from "./passwords.repo.ts";

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
  private readonly deps: FundPasswordDeps;
  private readonly db: Db;

  constructor(deps: FundPasswordDeps) {
    this.deps = deps;
    this.db = deps.db;
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
      await verifyFundPassword(this.deps, memberId, body.oldFundPassword, context.nowMs);
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

  private proveLoginPassword(
    member: { account: string; passwordHash: string },
    password: string,
    context: PasswordContext,
  ): Promise<void> {
    return proveLoginPassword(this.deps.throttle, member, password, context);
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

/**
 * OLD_PASSWORD_WRONG for a wrong login password; LOGIN_THROTTLED while the account's sign-ins
 * must wait. It counts against the same account and address as sign-in, before the hash is
 * checked: a stolen session must not be a way to guess the password faster than signing in.
 * The trading PIN's settings prove who asks with it too.
 */
export async function proveLoginPassword(
  throttle: ThrottleStore,
  member: { account: string; passwordHash: string },
  password: string,
  context: { nowMs: number; ip: string },
): Promise<void> {
  const reservation = await reserve(
    throttle,
    [
      signInAddressClaim(context.ip),
      { key: signInAccountKey(member.account), rule: throttleRules.signInAccount, onSuccess: "clear" },
    ],
    context.nowMs,
  );
  if ("refusedForMs" in reservation) {
    throw new AppError("LOGIN_THROTTLED", { retryAfterMs: reservation.refusedForMs });
  }
  if (!(await verify(member.passwordHash, password))) {
    throw new AppError("OLD_PASSWORD_WRONG", { fields: { oldPassword: "OLD_PASSWORD_WRONG" } });
  }
  await reservation.succeeded();
}
