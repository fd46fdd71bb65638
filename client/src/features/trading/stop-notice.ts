import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { notifyInfo } from "../../lib/notify.ts";

/** One of the member's stops fired: they hear it wherever they are, before its fill arrives. */
export function announceStopTriggered(): void {
  notifyInfo(i18n._(msg`Your stop order was triggered and sent to the market.`));
}
