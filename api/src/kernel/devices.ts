import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Device tokens (OWASP's "device cookies"): a browser or a native app that has signed in to an
 * account successfully holds a token the server signed for that account, and its later sign-ins
 * to the account count against a budget of that token's own instead of the account's. An
 * attacker guessing from anywhere else uses up only the account's untrusted budget, so the
 * owner's own device still gets in; a device that guesses wrong too often loses only its own
 * budget, and falls back to the untrusted one like any stranger.
 *
 * A token is `<nonce>.<signature>`: 16 random bytes and an HMAC-SHA256, with the server's secret,
 * over whom it vouches for and the nonce. The account is not in the token: the server checks the
 * signature against the account the sign-in names, so a token is good for that account only,
 * and a device that signs in to another account is handed a token for that one instead.
 */

/** Whom a token vouches for: a member's account or a staff login, which never vouch for each other. */
export type DeviceSubject = { kind: "member"; account: string } | { kind: "staff"; login: string };

/**
 * How long a browser keeps its device cookie: a year, so a member who signs in now and then
 * stays trusted; every sign-in replaces it with a fresh one.
 */
export const deviceTokenTtlMs = 365 * 24 * 60 * 60_000;

/** 16 random bytes, base64url: the nonce names the token's throttle key. */
const nonceBytes = 16;
const tokenPattern = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** Signs and checks device tokens with the API's secret (DEVICE_COOKIE_SECRET). */
export class DeviceTokens {
  private readonly secret: string;

  constructor(secret: string) {
    this.secret = secret;
  }

  /** A new token for a device that just proved it knows the subject's secret. */
  issue(subject: DeviceSubject): string {
    const nonce = randomBytes(nonceBytes).toString("base64url");
    return `${nonce}.${this.sign(subject, nonce)}`;
  }

  /**
   * The token's nonce when this server issued it for `subject`; undefined for anything else (no
   * token, a malformed one, a forged signature, another account's token), which then gets no
   * budget of its own.
   */
  nonceOf(token: string | undefined, subject: DeviceSubject): string | undefined {
    const match = token ? tokenPattern.exec(token) : null;
    if (!match) return undefined;
    const [, nonce = "", signature = ""] = match;
    const expected = Buffer.from(this.sign(subject, nonce));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : undefined;
  }

  private sign(subject: DeviceSubject, nonce: string): string {
    // Neither an account, a login nor a nonce holds a line break, so the fields cannot run together.
    const who = subject.kind === "member" ? `member\n${subject.account}` : `staff\n${subject.login}`;
    return createHmac("sha256", this.secret).update(`kabuto-device\n${who}\n${nonce}`).digest("base64url");
  }
}
