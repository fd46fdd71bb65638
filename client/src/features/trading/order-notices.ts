import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { notifyInfo } from "../../lib/notify.ts";

/** A resting order lapsed unfilled at its validity's end: the member hears it wherever they are. */
export function announceOrderExpired(): void {
  notifyInfo(i18n._(msg`Your order expired unfilled at the end of its validity; what it held is released.`));
}

/** The house closed a position on a margin call: the member hears it wherever they are. */
export function announceMarginCall(): void {
  notifyInfo(
    i18n._(msg`A position was closed on a margin call: its margin fell below the maintenance margin.`),
  );
}
