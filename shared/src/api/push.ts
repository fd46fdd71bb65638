import { z } from "zod";
import { formatLocales } from "../format/locale.ts";

/** The server's VAPID public key, which a browser subscribes with (base64url, uncompressed P-256). */
export const pushKeySchema = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof pushKeySchema>;

/** A push service's address; which services the server sends to is its own setting. */
const endpointSchema = z.url({ protocol: /^https?$/, error: "PUSH_ENDPOINT_INVALID" }).max(2048, {
  error: "PUSH_ENDPOINT_INVALID",
});

/**
 * A browser's push subscription as `PushSubscription.toJSON()` gives it, and the language its
 * notices are written in. The keys are base64url without padding: the browser's uncompressed
 * P-256 key (65 bytes, first 0x04) and the 16-byte auth secret.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: endpointSchema,
  keys: z.object(
    {
      p256dh: z
        .string({ error: "PUSH_KEYS_INVALID" })
        .regex(/^B[A-Za-z0-9_-]{86}$/, { error: "PUSH_KEYS_INVALID" }),
      auth: z
        .string({ error: "PUSH_KEYS_INVALID" })
        .regex(/^[A-Za-z0-9_-]{22}$/, { error: "PUSH_KEYS_INVALID" }),
    },
    { error: "PUSH_KEYS_INVALID" },
  ),
  locale: z.enum(formatLocales),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionSchema>;

/** Which subscription to forget: the one this browser holds. */
export const pushUnsubscribeSchema = z.object({ endpoint: endpointSchema });
