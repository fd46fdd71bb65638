import type { PushKey, pushSubscriptionSchema } from "@kabuto/shared/api/push";
import webpush from "web-push";
import type { z } from "zod";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import {
  deleteMemberSubscription,
  deleteSubscription,
  memberSubscriptions,
  type PushSubscriptionRow,
  storedVapidKeys,
  upsertSubscription,
  type VapidKeys,
} from "./push.repo.ts";
import { type PushNotice, pushMessage } from "./push-text.ts";

export type SavePushRequest = z.output<typeof pushSubscriptionSchema>;

/**
 * How long a push service keeps a push for a phone that is off: an alert an hour late is still
 * worth seeing, one from yesterday's session is not.
 */
const pushTtlSeconds = 3_600;
/** How long one push service may take to answer before the push counts as failed. */
const pushTimeoutMs = 10_000;
/** Push services' answers for a subscription that no longer exists: the browser dropped it. */
const goneStatuses = new Set([404, 410]);

export interface PushSettings {
  /** The configured key pair, or null to use the one kept in the database. */
  vapidKeys: VapidKeys | null;
  VAPID_SUBJECT: string;
  /** Host names (https, the host or below it) or whole origins a subscription may name. */
  PUSH_SERVICES: readonly string[];
}

/**
 * Web Push: the member's installed apps, told of a notice when the app is closed. A browser
 * subscribes with the server's VAPID public key and saves its subscription here; each notice is
 * sent, after its transaction has committed, to every subscription of the member in that
 * subscription's language. A push service's 404 or 410 means the browser dropped the
 * subscription, which is then forgotten; any other failure is logged and changes nothing.
 */
export class PushService {
  private readonly db: Db;
  private readonly now: () => number;
  private readonly settings: PushSettings;
  private readonly log: (message: string, fields?: Record<string, unknown>) => void;
  private keys: Promise<VapidKeys> | undefined;

  constructor(deps: {
    db: Db;
    now: () => number;
    settings: PushSettings;
    log: (message: string, fields?: Record<string, unknown>) => void;
  }) {
    this.db = deps.db;
    this.now = deps.now;
    this.settings = deps.settings;
    this.log = deps.log;
  }

  async key(): Promise<PushKey> {
    return { publicKey: (await this.vapidKeys()).publicKey };
  }

  /** Saves or renews this browser's subscription: saving the same endpoint again changes nothing else. */
  async save(memberId: string, request: SavePushRequest): Promise<{ ok: true }> {
    if (!this.isPushService(request.endpoint)) throw new AppError("PUSH_ENDPOINT_INVALID");
    const { endpoint, keys, locale } = request;
    await upsertSubscription(this.db, { memberId, endpoint, ...keys, locale }, this.now());
    return { ok: true };
  }

  async remove(memberId: string, endpoint: string): Promise<{ ok: true }> {
    await deleteMemberSubscription(this.db, memberId, endpoint);
    return { ok: true };
  }

  /**
   * Pushes a committed notice to each of the member's subscriptions, all at once. It never
   * throws: a push that fails must not undo or hold up what caused it.
   */
  async tell(memberId: string, notice: PushNotice): Promise<void> {
    try {
      const subscriptions = await memberSubscriptions(this.db, memberId);
      if (subscriptions.length === 0) return;
      const keys = await this.vapidKeys();
      await Promise.all(subscriptions.map((subscription) => this.send(subscription, notice, keys)));
    } catch (error) {
      this.log("push not sent", { memberId, notice: notice.id, error: String(error) });
    }
  }

  /**
   * Encrypts and signs the push with web-push, and posts it with fetch: web-push's own sender
   * speaks https alone, which a test's push service on loopback does not.
   */
  private async send(subscription: PushSubscriptionRow, notice: PushNotice, keys: VapidKeys): Promise<void> {
    const { endpoint, p256dh, auth, locale } = subscription;
    const request = webpush.generateRequestDetails(
      { endpoint, keys: { p256dh, auth } },
      JSON.stringify(pushMessage(notice, locale)),
      {
        vapidDetails: { subject: this.settings.VAPID_SUBJECT, ...keys },
        TTL: pushTtlSeconds,
        urgency: "high",
      },
    );
    try {
      const answer = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers,
        ...(request.body ? { body: new Uint8Array(request.body) } : {}),
        signal: AbortSignal.timeout(pushTimeoutMs),
      });
      await answer.body?.cancel();
      if (answer.ok) return;
      if (goneStatuses.has(answer.status)) {
        await deleteSubscription(this.db, subscription.id);
        return;
      }
      this.log("push refused", { subscription: subscription.id, status: answer.status });
    } catch (error) {
      this.log("push refused", { subscription: subscription.id, error: String(error) });
    }
  }

  /** The configured pair, or the stored one (made at the first start that needed it). */
  private vapidKeys(): Promise<VapidKeys> {
    this.keys ??= this.settings.vapidKeys
      ? Promise.resolve(this.settings.vapidKeys)
      : storedVapidKeys(this.db, webpush.generateVAPIDKeys(), this.now()).catch((error: unknown) => {
          this.keys = undefined;
          throw error;
        });
    return this.keys;
  }

  /** Whether `endpoint` is at one of the push services the settings name. */
  private isPushService(endpoint: string): boolean {
    const url = new URL(endpoint);
    return this.settings.PUSH_SERVICES.some((entry) =>
      entry.includes("://")
        ? url.origin === entry
        : url.protocol === "https:" && (url.hostname === entry || url.hostname.endsWith(`.${entry}`)),
    );
  }
}
