import { doneSchema } from "./done.ts";
import { endpoint } from "./endpoint.ts";
import { pushKeySchema, pushSubscriptionSchema, pushUnsubscribeSchema } from "./push.ts";

/** Web Push: the member's installed apps that are told of their notices when closed. */
export const pushApi = {
  key: endpoint({
    method: "get",
    path: "/push/key",
    tag: "push",
    summary: "The server's VAPID public key, to subscribe a browser with",
    caller: "member",
    response: pushKeySchema,
  }),
  save: endpoint({
    method: "put",
    path: "/push/subscriptions",
    tag: "push",
    summary: "Save or renew this browser's push subscription (the same endpoint twice is one subscription)",
    caller: "member",
    body: pushSubscriptionSchema,
    response: doneSchema,
    errors: ["PUSH_ENDPOINT_INVALID", "PUSH_KEYS_INVALID"],
  }),
  remove: endpoint({
    method: "delete",
    path: "/push/subscriptions",
    tag: "push",
    summary: "Forget this browser's push subscription",
    caller: "member",
    body: pushUnsubscribeSchema,
    response: doneSchema,
    errors: ["PUSH_ENDPOINT_INVALID"],
  }),
};
