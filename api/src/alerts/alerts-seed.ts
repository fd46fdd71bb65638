import type { AlertFrequency, AlertKind } from "@kabuto/shared/alerts/rules";
import { quoteTopic } from "@kabuto/shared/protocol/topics";
import type { InstrumentSymbol } from "@kabuto/shared/symbols";
import type { SeedContext } from "../kernel/product.ts";
import { demoMemberRow } from "../seed.ts";
import { memberAlerts } from "./alerts.repo.ts";
import { AlertsService } from "./alerts.service.ts";

/**
 * The demo member's alerts: near enough to the price that a first start sees one fire within
 * minutes, in each kind and frequency a member meets first.
 */
const demoAlerts: readonly {
  symbol: string;
  kind: AlertKind;
  frequency: AlertFrequency;
  /** The threshold from the last price (price alerts), or the percentage itself. */
  threshold: (last: number) => string;
}[] = [
  {
    symbol: "JP:7203",
    kind: "price_above",
    frequency: "once",
    threshold: (last) => String(Math.ceil(last * 1.005)),
  },
  {
    symbol: "JP:9432",
    kind: "price_below",
    frequency: "always",
    threshold: (last) => (last * 0.995).toFixed(1),
  },
  { symbol: "US:AAPL", kind: "change_below", frequency: "daily", threshold: () => "3" },
];

/** Sets the demo member's alerts through the members' own service, once: a member who deletes them keeps that. */
export async function seedDemoAlerts(context: SeedContext): Promise<number> {
  const { db, bus, catalog, config, nowMs, made } = context;
  if (!made.has("auth")) return 0;
  const member = await demoMemberRow(db);
  if (!member || (await memberAlerts(db, member.id)).length > 0) return 0;
  const alerts = new AlertsService({
    db,
    bus,
    isKnown: (symbol) => catalog.isKnown(symbol),
    events: () => undefined,
    // Setting an alert tells no one: only the worker's firings push.
    push: { tell: async () => undefined },
    now: () => nowMs,
    alwaysOpen: config.alwaysOpen,
  });
  let set = 0;
  for (const demo of demoAlerts) {
    if (!catalog.isKnown(demo.symbol)) continue;
    const [quote] = await bus.snapshots([quoteTopic(demo.symbol)]);
    if (!quote) continue;
    const threshold = demo.threshold(Number(quote.data.last));
    await alerts.create(member.id, {
      symbol: demo.symbol as InstrumentSymbol,
      kind: demo.kind,
      threshold,
      frequency: demo.frequency,
    });
    set += 1;
  }
  return set;
}
