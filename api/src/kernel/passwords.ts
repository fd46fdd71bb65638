import { accountPattern } from "@kabuto/shared/api/auth";
import { hash } from "@node-rs/argon2";
import { addressKey, type ThrottleClaim, throttleRules } from "../security/throttle.ts";

/**
 * What every product that proves a member's or staff member's password shares: one way to hash
 * a password, and the throttle keys that sign-in and the old-password check count together.
 */

/** argon2id at OWASP's recommended minimum (19 MiB, 2 passes): about 30 ms a hash on one core. */
export const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password as registration does: argon2id with the settings above. */
export async function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

/**
 * The throttle key of a member account, shared by sign-in and the old-password check (both
 * prove the login password). Anything that cannot be an account shares one key: no member can
 * be locked out through it, and an attacker cannot grow the store with long made-up names.
 */
export function signInAccountKey(account: string): string {
  return `sign-in:account:${accountPattern.test(account) ? account : "malformed"}`;
}

/** The per-address sign-in claim: a wrong password counts, a right one is handed back. */
export function signInAddressClaim(ip: string): ThrottleClaim {
  return {
    key: `sign-in:address:${addressKey(ip)}`,
    rule: throttleRules.signInAddress,
    onSuccess: "give-back",
  };
}

/**
 * The claim of a sign-in from a device that holds the account's device token (kernel/devices.ts):
 * its own budget, which a right password clears.
 */
export function signInDeviceClaim(nonce: string): ThrottleClaim {
  return { key: `sign-in:device:${nonce}`, rule: throttleRules.signInDevice, onSuccess: "clear" };
}
