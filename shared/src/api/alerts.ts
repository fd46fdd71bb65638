import { z } from "zod";
import { activeAlertsMax, alertFrequencies, alertKinds } from "../alerts/rules.ts";
import { equitySymbolSchema } from "../symbols.ts";
import { safeText } from "../text.ts";

export const createAlertSchema = z.object({
  symbol: equitySymbolSchema,
  kind: z.enum(alertKinds, { error: "ALERT_KIND_INVALID" }),
  /**
   * A price (`price_*`), a percentage (`change_*`, `move_5m`) or a multiple of the usual volume
   * (`volume_spike`, at least 1.5), as a plain decimal.
   */
  threshold: safeText().regex(/^\d{1,12}(\.\d{1,6})?$/, { error: "ALERT_THRESHOLD_INVALID" }),
  frequency: z.enum(alertFrequencies, { error: "ALERT_FREQUENCY_INVALID" }),
});
export type CreateAlert = z.input<typeof createAlertSchema>;

/** `active` until a one-off alert fires (`done`). */
export const alertStatuses = ["active", "done"] as const;

export const alertSchema = z.object({
  id: z.string(),
  symbol: equitySymbolSchema,
  kind: z.enum(alertKinds),
  threshold: z.string(),
  frequency: z.enum(alertFrequencies),
  status: z.enum(alertStatuses),
  createdAtMs: z.number(),
  /** How often it has fired, and when it last did. */
  firedCount: z.number().int().nonnegative(),
  lastFiredAtMs: z.number().nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertListSchema = z.object({
  items: z.array(alertSchema),
  /** Active alerts a member may hold at once. */
  max: z.literal(activeAlertsMax),
});
export type AlertList = z.infer<typeof alertListSchema>;

/** An alert that fired: what it asked and the quote that met it. */
export const alertNoticeSchema = z.object({
  id: z.string(),
  alertId: z.string(),
  symbol: equitySymbolSchema,
  kind: z.enum(alertKinds),
  threshold: z.string(),
  /** The last price and the day's change (percent) when it fired. */
  price: z.string(),
  changePct: z.string(),
  /** Five-minute alerts: the move in percent (signed) or the volume multiple that met it. */
  figure: z.string().nullable(),
  firedAtMs: z.number(),
});
export type AlertNotice = z.infer<typeof alertNoticeSchema>;
export const alertNoticeListSchema = z.object({ items: z.array(alertNoticeSchema) });
