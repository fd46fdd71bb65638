import type { alertsCodes } from "@kabuto/shared/api/alerts.codes";
import { msg } from "@lingui/core/macro";
import type { ErrorMessages } from "../../lib/error-messages.ts";

/** What the error codes of price alerts say to a member. */
export const alertsErrors: ErrorMessages<typeof alertsCodes> = {
  ALERT_KIND_INVALID: msg`Choose what the alert watches.`,
  ALERT_THRESHOLD_INVALID: msg`Enter a price above zero, or a change from 0.01% to 100%.`,
  ALERT_FREQUENCY_INVALID: msg`Choose how often the alert tells you.`,
  ALERT_ALREADY_MET: msg`The stock is already there: choose a level it has not reached.`,
  ALERTS_LIMIT: msg`You have 50 active alerts, the most allowed. Delete one to set another.`,
  ALERT_NOT_FOUND: msg`This alert does not exist.`,
};
