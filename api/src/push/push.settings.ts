import { z } from "zod";
import { settings } from "../kernel/settings.ts";

/**
 * The push services browsers subscribe with: Chrome's and Edge's (FCM), Firefox's, Safari's and
 * Windows'. The server posts only to these, so a subscription cannot make it call any address.
 */
const knownPushServices =
  "fcm.googleapis.com,updates.push.services.mozilla.com,push.apple.com,notify.windows.com";

/** A host name, or a whole origin (scheme, host and port) where the service is not https (a test's). */
const pushServiceEntry = /^([a-z0-9-]+(\.[a-z0-9-]+)+|https?:\/\/[a-z0-9.-]+(:\d{1,5})?)$/;

/** Web Push: its part of the API's settings (see kernel/settings.ts). */
export const pushSettings = settings(
  {
    /**
     * The VAPID key pair (base64url, as `web-push generate-vapid-keys` prints them), the same on
     * every API and worker process; both or neither. Unset, the server makes a pair once and
     * keeps it in the database, so subscriptions survive a restart (embedded mode's way; in
     * service mode set them, so the private key lives with the other secrets).
     */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^B[A-Za-z0-9_-]{86}$/)
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/)
      .optional(),
    /** Who push services may write to about this server's pushes: a mailto: or https: address. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/)
      .default("mailto:support@kabuto.example"),
    /**
     * The push services subscriptions may name: host names (https, the host or below it), or
     * whole origins. Anything else is refused when saved (PUSH_ENDPOINT_INVALID).
     */
    PUSH_SERVICES: z
      .string()
      .default(knownPushServices)
      .transform((value) => value.split(",").map((entry) => entry.trim().toLowerCase()))
      .refine((entries) => entries.every((entry) => pushServiceEntry.test(entry)), "host names or origins"),
  },
  ({ VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, ...rest }) => {
    if ((VAPID_PUBLIC_KEY === undefined) !== (VAPID_PRIVATE_KEY === undefined)) {
      throw new Error("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all");
    }
    return {
      ...rest,
      vapidKeys:
        VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY
          ? { publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY }
          : null,
    };
  },
);
