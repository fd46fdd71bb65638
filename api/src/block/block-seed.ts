import type { Bus } from "@kabuto/bus";
import type { InstrumentCatalog } from "@kabuto/shared/market/catalog";
import { priceToUnits, roundToTick, unitsToPrice } from "@kabuto/shared/market/ticks";
import { quoteTopic } from "@kabuto/shared/protocol/topics";
import type { InstrumentSymbol } from "@kabuto/shared/symbols";
import { sql } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { mapOneRow } from "../db/raw-rows.ts";
import { BlockService } from "./block.service.ts";
import { parseBlockTerms } from "./block-terms.ts";

const dayMs = 86_400_000;
const hourMs = 3_600_000;

/** Liquid names the demo desk takes negotiated bids on, with their share limits. */
const demoInstruments = [
  { symbol: "JP:7203", minShares: 100, maxShares: 10_000 },
  { symbol: "JP:6758", minShares: 100, maxShares: 10_000 },
  { symbol: "JP:8306", minShares: 100, maxShares: 20_000 },
  { symbol: "US:AAPL", minShares: 10, maxShares: 5_000 },
] as const;

/** The demo offering: NTT's shares at 2.5% under the last trade, a common 分売 discount. */
const demoOffering = { symbol: "JP:9432", discountPpm: 25_000, sharesOffered: 500_000, max: 10_000 } as const;

/**
 * Block trades for a newcomer's first embedded start, made through the operations service as staff
 * would: a few liquid names opened to negotiated bids and one offering open for three days, priced
 * off the feed's last trade (so it runs once the feed has published its first quotes). Nothing moves
 * anyone's money. Returns what it made; nothing on a later start.
 */
export async function seedDemoBlockTrades(
  deps: { db: Db; bus: Pick<Bus, "snapshots">; catalog: InstrumentCatalog; config: Config },
  nowMs: number,
): Promise<{ instruments: number; offerings: number }> {
  const existing = mapOneRow(
    await deps.db.execute(sql`
      select (select count(*) from block_instruments) + (select count(*) from block_offerings) as n`),
    (row) => row.int("n"),
  );
  if (existing > 0) return { instruments: 0, offerings: 0 };
  const block = new BlockService({
    db: deps.db,
    now: () => nowMs,
    events: () => undefined,
    bus: deps.bus,
    catalog: deps.catalog,
    terms: parseBlockTerms(deps.config),
  });
  const context = { nowMs, ip: "" };
  let instruments = 0;
  for (const instrument of demoInstruments) {
    if (!deps.catalog.isKnown(instrument.symbol)) continue;
    await block.openInstrument(instrument, null, context);
    instruments += 1;
  }
  const listed = deps.catalog.instrumentBySymbol.get(demoOffering.symbol);
  const [quote] = await deps.bus.snapshots([quoteTopic(demoOffering.symbol as InstrumentSymbol)]);
  const last = quote && listed ? priceToUnits(quote.data.last, listed.market) : undefined;
  if (!listed || last === undefined || last <= 0) return { instruments, offerings: 0 };
  const discounted = Math.floor((last * (1_000_000 - demoOffering.discountPpm)) / 1_000_000);
  await block.createOffering(
    {
      symbol: demoOffering.symbol,
      price: unitsToPrice(roundToTick(listed.tickTable, discounted, "down"), listed.market),
      sharesOffered: demoOffering.sharesOffered,
      minShares: 100,
      maxShares: demoOffering.max,
      opensAtMs: nowMs,
      // Three days on, at the top of the hour.
      closesAtMs: Math.floor((nowMs + 3 * dayMs) / hourMs) * hourMs,
      lockupDays: 30,
    },
    null,
    context,
  );
  return { instruments, offerings: 1 };
}
