import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { notifyInfo } from "../../lib/notify.ts";

/** The house closed a day trade at the cut-off: the member hears it wherever they are. */
export function announceCutoff(): void {
  notifyInfo(i18n._(msg`Your day trade was closed at the cut-off, before the session's close.`));
}
