import type {
  removeTradingPinSchema,
  setTradingPinSchema,
  TradingPinStatus,
} from "@kabuto/shared/api/trading-pin";
import { tradingPinPattern, tradingPinProblem } from "@kabuto/shared/trading-pin/rules";
import { verify } from "@node-rs/argon2";
import type { z } from "zod";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { verifyFundPassword } from "../identity/fund-password.ts";
import { proveLoginPassword } from "../identity/passwords.service.ts";
import type { DeviceTokens } from "../kernel/devices.ts";
import { hashPassword } from "../kernel/passwords.ts";
import {
  reserveTrusted,
  type ThrottleClaim,
  type ThrottleStore,
  throttleRules,
} from "../security/throttle.ts";
import { pinHolder, replaceTradingPin, tradingPinHash } from "./trading-pin.repo.ts";

export type SetTradingPin = z.output<typeof setTradingPinSchema>;
export type RemoveTradingPin = z.output<typeof removeTradingPinSchema>;

export interface TradingPinDeps {
  db: Db;
  /** Counts PIN guesses, and the sign-in and fund password guesses that prove who asks. */
  throttle: ThrottleStore;
  /** Checks the device token a request carries: the owner's device guesses on its own budget. */
  devices: DeviceTokens;
}

/** Who sends a PIN-guarded request, and from where. */
export interface PinContext {
  nowMs: number;
  /** The device token the request carries (cookie or `X-Device-Token`), if any. */
  deviceToken: string | undefined;
}

/**
 * The optional trading PIN (取引パスワード): six digits, stored as argon2id like the fund
 * password. Setting, changing and removing it take the sign-in password or the fund password;
 * once set, every request declared `tradingPin: true` must carry it (`check`).
 */
export class TradingPinService {
  private readonly deps: TradingPinDeps;

  constructor(deps: TradingPinDeps) {
    this.deps = deps;
  }

  async status(memberId: string): Promise<TradingPinStatus> {
    return { set: (await tradingPinHash(this.deps.db, memberId)) !== null };
  }

  async set(
    memberId: string,
    body: SetTradingPin,
    context: { nowMs: number; ip: string },
  ): Promise<TradingPinStatus> {
    const problem = tradingPinProblem(body.pin);
    if (problem) throw new AppError(problem, { fields: { pin: problem } });
    const holder = await this.holder(memberId);
    await this.prove(memberId, holder, body, context);
    const next = await hashPassword(body.pin);
    await this.replace(memberId, { next, replaces: holder.tradingPinHash });
    return { set: true };
  }

  async remove(
    memberId: string,
    body: RemoveTradingPin,
    context: { nowMs: number; ip: string },
  ): Promise<TradingPinStatus> {
    const holder = await this.holder(memberId);
    if (holder.tradingPinHash === null) throw new AppError("TRADING_PIN_NOT_SET");
    await this.prove(memberId, holder, body, context);
    await this.replace(memberId, { next: null, replaces: holder.tradingPinHash });
    return { set: false };
  }

  /**
   * Lets a money-moving request through when the member has no PIN or it carries theirs:
   * TRADING_PIN_REQUIRED without one, TRADING_PIN_THROTTLED while guesses must wait,
   * TRADING_PIN_WRONG otherwise. As the fund password, every guess is counted before the hash is
   * checked and a right one clears the count; a device holding the member's device token guesses
   * on its own budget first, so a stolen session guessing elsewhere cannot lock the owner out.
   */
  async check(
    member: { id: string; account: string; tradingPinSet: boolean },
    pin: string | undefined,
    context: PinContext,
  ): Promise<void> {
    // The session of a request that changes something is read fresh, with this flag: a member
    // without a PIN costs the order path no read of its own.
    if (!member.tradingPinSet) return;
    const hash = await tradingPinHash(this.deps.db, member.id);
    if (hash === null) return;
    if (pin === undefined || pin === "") throw new AppError("TRADING_PIN_REQUIRED");
    const nonce = this.deps.devices.nonceOf(context.deviceToken, { kind: "member", account: member.account });
    const trusted: ThrottleClaim[] | undefined = nonce
      ? [{ key: `trading-pin-device:${nonce}`, rule: throttleRules.tradingPinDevice, onSuccess: "clear" }]
      : undefined;
    const reservation = await reserveTrusted(
      this.deps.throttle,
      {
        trusted,
        untrusted: [{ key: `trading-pin:${member.id}`, rule: throttleRules.tradingPin, onSuccess: "clear" }],
      },
      context.nowMs,
    );
    if ("refusedForMs" in reservation) {
      throw new AppError("TRADING_PIN_THROTTLED", { retryAfterMs: reservation.refusedForMs });
    }
    if (tradingPinPattern.test(pin) && (await verify(hash, pin))) {
      await reservation.succeeded();
      return;
    }
    throw new AppError("TRADING_PIN_WRONG", { attemptsLeft: reservation.attemptsLeft });
  }

  private async holder(memberId: string) {
    const holder = await pinHolder(this.deps.db, memberId);
    if (!holder) throw new AppError("UNAUTHENTICATED");
    return holder;
  }

  /** The sign-in password or the fund password, each throttled as its own flows throttle it. */
  private async prove(
    memberId: string,
    holder: { account: string; passwordHash: string },
    body: RemoveTradingPin,
    context: { nowMs: number; ip: string },
  ): Promise<void> {
    if (body.loginPassword) {
      await proveLoginPassword(this.deps.throttle, holder, body.loginPassword, context);
      return;
    }
    if (body.fundPassword) {
      await verifyFundPassword(this.deps, memberId, body.fundPassword, context.nowMs);
      return;
    }
    throw new AppError("TRADING_PIN_PROOF_REQUIRED", {
      fields: { loginPassword: "TRADING_PIN_PROOF_REQUIRED" },
    });
  }

  /** A change that raced another one is refused rather than overwriting what was just set. */
  private async replace(memberId: string, change: { next: string | null; replaces: string | null }) {
    if (!(await replaceTradingPin(this.deps.db, memberId, change))) throw new AppError("TRADING_PIN_WRONG");
  }
}
