import { randomBytes, randomInt } from "node:crypto";
import type {
  loginRequestSchema,
  Me,
  registerRequestSchema,
  smsLoginRequestSchema,
} from "@kabuto/shared/api/auth";
import { hash, verify } from "@node-rs/argon2";
import type { Logger } from "pino";
import type { z } from "zod";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import type { DeviceTokens } from "../kernel/devices.ts";
import { createSession, hashToken, revokeSession, type SessionMember } from "../kernel/member-sessions.ts";
import {
  argon2Options,
  signInAccountKey,
  signInAddressClaim,
  signInDeviceClaim,
} from "../kernel/passwords.ts";
import type { SmsSender } from "../security/sms.ts";
import {
  addressKey,
  registrationWindowMs,
  reserve,
  reserveTrusted,
  type ThrottleStore,
  throttleRules,
} from "../security/throttle.ts";
import { insertMember, inviteCodeTaken, memberByAccount, memberIdByInviteCode } from "./auth.repo.ts";
import { insertChallenge, takeChallengeAttempt, useChallenge } from "./sms-challenges.repo.ts";

export type Registration = z.output<typeof registerRequestSchema>;
export type Credentials = z.output<typeof loginRequestSchema>;
export type SmsCredentials = z.output<typeof smsLoginRequestSchema>;

/** Invitation codes avoid letters that read alike (0/O, 1/I/L). */
const inviteAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/** An SMS code is good for five minutes: long enough for a slow text, short enough to guess little. */
export const smsCodeTtlMs = 5 * 60_000;
/** Guesses at one SMS code before it is spent: a person mistypes once or twice. */
export const smsCodeAttemptsMax = 3;

export interface RequestContext {
  nowMs: number;
  ip: string;
  userAgent?: string | undefined;
  /** The device token the request carried (cookie or header), checked against the account it names. */
  deviceToken?: string | undefined;
}

/** A member signed in: their session token, and a fresh device token for the device that did it. */
export interface SignedIn {
  member: Me;
  token: string;
  deviceToken: string;
}

export function toMe(member: Omit<SessionMember, "tradingPinSet">): Me {
  return {
    id: member.id,
    account: member.account,
    inviteCode: member.inviteCode,
    verification: member.verification,
    createdAtMs: member.createdAtMs,
  };
}

export interface AuthDeps {
  db: Db;
  throttle: ThrottleStore;
  sms: SmsSender;
  /** Signs the device tokens that give the owner's devices a sign-in budget of their own. */
  devices: DeviceTokens;
  logger: Pick<Logger, "warn">;
  inviteRequired: boolean;
  /** Registrations one address may attempt per hour (REGISTRATIONS_PER_ADDRESS_HOUR). */
  registrationsPerAddress: number;
}

export class AuthService {
  private readonly deps: AuthDeps;
  private readonly db: Db;

  constructor(deps: AuthDeps) {
    this.deps = deps;
    this.db = deps.db;
  }

  /**
   * Registers a member and signs them in. Every attempt from an address counts, so trying
   * numbers to learn which are members (ACCOUNT_EXISTS) is slow; see the README's security
   * section for why the answer still says so.
   */
  async register(body: Registration, context: RequestContext): Promise<SignedIn> {
    // A form error, like the schema's: checked before the attempt counts.
    if (this.deps.inviteRequired && !body.inviteCode) {
      throw new AppError("INVITE_CODE_REQUIRED", { fields: { inviteCode: "INVITE_CODE_REQUIRED" } });
    }
    const reservation = await reserve(
      this.deps.throttle,
      [
        {
          key: `register:address:${addressKey(context.ip)}`,
          rule: { limit: this.deps.registrationsPerAddress, windowMs: registrationWindowMs },
          onSuccess: "keep",
        },
      ],
      context.nowMs,
    );
    if ("refusedForMs" in reservation) {
      throw new AppError("REGISTRATION_THROTTLED", { retryAfterMs: reservation.refusedForMs });
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
    return this.signedIn(member, context);
  }

  /**
   * Password sign-in. The attempt is counted before the password is checked, so a burst of
   * guesses gets at most the limit checked. A device holding the account's device token counts
   * against its own budget, which nobody else's guesses spend (OWASP's device cookies); any other
   * request counts against the address and the account, and a right password then clears the
   * account's count and hands the address's back.
   */
  async login(body: Credentials, context: RequestContext): Promise<SignedIn> {
    const device = this.deviceOf(body.account, context);
    const reservation = await reserveTrusted(
      this.deps.throttle,
      {
        trusted: device ? [signInDeviceClaim(device)] : undefined,
        untrusted: [
          signInAddressClaim(context.ip),
          { key: signInAccountKey(body.account), rule: throttleRules.signInAccount, onSuccess: "clear" },
        ],
      },
      context.nowMs,
    );
    if ("refusedForMs" in reservation) {
      throw new AppError("LOGIN_THROTTLED", { retryAfterMs: reservation.refusedForMs });
    }
    const member = await memberByAccount(this.db, body.account);
    // Unknown accounts still pay for a hash, so timing does not reveal which accounts exist.
    const ok = member
      ? await verify(member.passwordHash, body.password)
      : await hash(body.password, argon2Options).then(() => false);
    if (!member || !ok) throw new AppError("LOGIN_FAILED");
    await reservation.succeeded();
    if (member.disabled) throw new AppError("ACCOUNT_DISABLED");
    if (member.frozen) throw new AppError("ACCOUNT_FROZEN");
    return this.signedIn(member, context);
  }

  /**
   * Sends a one-time sign-in code to `account` if it is a member, and does the same work and
   * gives the same answer if it is not: a stranger learns nothing about who is a member. The
   * returned challenge goes to the asking browser (a cookie); the code goes to the phone; both
   * are needed to sign in, so nobody can spend or replace another browser's code. A device
   * holding the number's device token asks within a budget of its own, so codes others ask for
   * the number cannot hold up the owner's.
   */
  async requestSmsCode(
    account: string,
    context: RequestContext,
  ): Promise<{ challenge: string; expiresInMs: number }> {
    const address = addressKey(context.ip);
    const device = this.deviceOf(account, context);
    const reservation = await reserveTrusted(
      this.deps.throttle,
      {
        trusted: device
          ? [{ key: `sms-send:device:${device}`, rule: throttleRules.smsSendDevice, onSuccess: "keep" }]
          : undefined,
        untrusted: [
          { key: `sms-send:address:${address}`, rule: throttleRules.smsSendAddress, onSuccess: "keep" },
          { key: `sms-send:pair:${address}:${account}`, rule: throttleRules.smsSendPair, onSuccess: "keep" },
          { key: `sms-send:account:${account}`, rule: throttleRules.smsSendAccount, onSuccess: "keep" },
        ],
      },
      context.nowMs,
    );
    if ("refusedForMs" in reservation) {
      throw new AppError("SMS_THROTTLED", { retryAfterMs: reservation.refusedForMs });
    }
    const member = await memberByAccount(this.db, account);
    const code = String(randomInt(1_000_000)).padStart(6, "0");
    const challenge = randomBytes(32).toString("base64url");
    await insertChallenge(this.db, {
      challengeHash: hashToken(challenge),
      account,
      codeHash: await hash(code, argon2Options),
      createdAtMs: context.nowMs,
      expiresAtMs: context.nowMs + smsCodeTtlMs,
    });
    if (member && !member.disabled) {
      // Not awaited: a slow provider must not make a member's answer slower than a stranger's.
      this.deps.sms
        .send({ to: account, purpose: "sign-in-code", code, expiresInMs: smsCodeTtlMs })
        .catch((error: unknown) => this.deps.logger.warn({ err: error }, "SMS not sent"));
    }
    return { challenge, expiresInMs: smsCodeTtlMs };
  }

  /**
   * Signs in with the code from the SMS and the challenge of the browser that asked for it. Each
   * guess is counted against the address, and against the challenge in the same statement that
   * reads its code, before the code is checked. Success clears the account's sign-in throttle:
   * the owner proved who they are, whatever someone else has been guessing.
   */
  async smsLogin(
    body: SmsCredentials,
    challenge: string | undefined,
    context: RequestContext,
  ): Promise<SignedIn> {
    const reservation = await reserve(
      this.deps.throttle,
      [
        {
          key: `sms-login:address:${addressKey(context.ip)}`,
          rule: throttleRules.smsLoginAddress,
          onSuccess: "give-back",
        },
      ],
      context.nowMs,
    );
    if ("refusedForMs" in reservation) {
      throw new AppError("SMS_THROTTLED", { retryAfterMs: reservation.refusedForMs });
    }
    const challengeHash = challenge ? hashToken(challenge) : undefined;
    const attempt = challengeHash
      ? await takeChallengeAttempt(this.db, {
          challengeHash,
          account: body.account,
          nowMs: context.nowMs,
          attemptsMax: smsCodeAttemptsMax,
        })
      : undefined;
    if (!challengeHash || !attempt) throw new AppError("SMS_CODE_WRONG", { attemptsLeft: 0 });
    if (!(await verify(attempt.codeHash, body.code))) {
      throw new AppError("SMS_CODE_WRONG", { attemptsLeft: smsCodeAttemptsMax - attempt.attempts });
    }
    if (!(await useChallenge(this.db, challengeHash, context.nowMs))) {
      throw new AppError("SMS_CODE_WRONG", { attemptsLeft: 0 });
    }
    const member = await memberByAccount(this.db, body.account);
    if (!member) throw new AppError("SMS_CODE_WRONG", { attemptsLeft: 0 });
    await reservation.succeeded();
    if (member.disabled) throw new AppError("ACCOUNT_DISABLED");
    if (member.frozen) throw new AppError("ACCOUNT_FROZEN");
    await this.deps.throttle.clear(signInAccountKey(body.account));
    return this.signedIn(member, context);
  }

  async logout(token: string | undefined, nowMs: number): Promise<void> {
    if (token) await revokeSession(this.db, token, nowMs);
  }

  /** The nonce of the request's device token when it was issued for `account`, else undefined. */
  private deviceOf(account: string, context: RequestContext): string | undefined {
    return this.deps.devices.nonceOf(context.deviceToken, { kind: "member", account });
  }

  /**
   * A session for a member who proved who they are, and a new device token for the device that
   * did (OWASP issues a fresh one at every sign-in), so its next sign-ins are trusted.
   */
  private async signedIn(
    member: Omit<SessionMember, "tradingPinSet">,
    context: RequestContext,
  ): Promise<SignedIn> {
    const token = await createSession(this.db, member.id, context);
    const deviceToken = this.deps.devices.issue({ kind: "member", account: member.account });
    return { member: toMe(member), token, deviceToken };
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
