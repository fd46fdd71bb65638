import type { FormatLocale } from "@kabuto/shared/format";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { pushSubscriptions, pushVapidKeys } from "../db/schema.ts";

export interface PushSubscriptionRow {
  id: number;
  memberId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  locale: FormatLocale;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * Saves a browser's subscription for `memberId`, or renews it: the same endpoint is one row, which
 * takes the latest keys, language and member (a browser someone else signs in on is theirs now).
 */
export async function upsertSubscription(
  db: Db,
  row: Omit<PushSubscriptionRow, "id">,
  nowMs: number,
): Promise<void> {
  const { memberId, endpoint, p256dh, auth, locale } = row;
  await db
    .insert(pushSubscriptions)
    .values({ memberId, endpoint, p256dh, auth, locale, createdAtMs: nowMs, renewedAtMs: nowMs })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { memberId, p256dh, auth, locale, renewedAtMs: nowMs },
    });
}

/** Forgets the member's subscription at `endpoint`; another member's stays. */
export async function deleteMemberSubscription(db: Db, memberId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.memberId, memberId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** Forgets a subscription its push service says is gone, whoever's it was. */
export async function deleteSubscription(db: Db, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function memberSubscriptions(db: Db, memberId: string): Promise<PushSubscriptionRow[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      memberId: pushSubscriptions.memberId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      locale: pushSubscriptions.locale,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.memberId, memberId));
}

/**
 * The stored key pair, made from `made` if there is none yet: of two processes starting at once,
 * the first insert wins and both read the same pair.
 */
export async function storedVapidKeys(db: Db, made: VapidKeys, nowMs: number): Promise<VapidKeys> {
  await db
    .insert(pushVapidKeys)
    .values({ id: true, ...made, createdAtMs: nowMs })
    .onConflictDoNothing();
  const [keys] = await db
    .select({ publicKey: pushVapidKeys.publicKey, privateKey: pushVapidKeys.privateKey })
    .from(pushVapidKeys);
  if (!keys) throw new Error("push_vapid_keys has no row after its insert");
  return keys;
}
