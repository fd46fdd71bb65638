// `npm run fills:replay -- --date YYYY-MM-DD [--market JP|US]`: walks every fill of that trading day
// (the Tokyo day for JP, the New York day for US; both markets unless one is named) again from the
// book it stored (`fill_books`), compares the result with the order, the position and the journal,
// prints what it found and exits non-zero on any difference.
import { parseArgs } from "node:util";
import { openDatabase, replayFills } from "@kabuto/api";
import { loadPlatformConfig } from "../config.ts";

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { date: { type: "string" }, market: { type: "string" } },
});
const market = values.market?.toUpperCase();
if (
  !values.date ||
  !/^\d{4}-\d{2}-\d{2}$/.test(values.date) ||
  (market && market !== "JP" && market !== "US")
) {
  console.error("usage: npm run fills:replay -- --date YYYY-MM-DD [--market JP|US]");
  process.exit(2);
}
const config = loadPlatformConfig([]).process;
const database = await openDatabase({
  url: config.DATABASE_URL,
  migrationUrl: config.DATABASE_MIGRATION_URL,
  dataDir: config.DATA_DIR,
});
const report = await replayFills(database.db, {
  date: values.date,
  market: market as "JP" | "US" | undefined,
});
await database.close();
console.log(
  `fills of ${report.date} (${report.markets.join(", ")}): ${report.checked} replayed from their book, ${report.offBook} off the book (agreed price only)`,
);
for (const difference of report.differences) {
  console.log(
    `  difference: the ${difference.kind === "open" ? "opening" : "close"} of position ${difference.positionId}${difference.orderId === null ? "" : ` (order ${difference.orderId})`}, ${difference.what}: recorded ${difference.recorded}, replayed ${difference.replayed}`,
  );
}
console.log(
  report.differences.length === 0
    ? "fills: every fill replays"
    : `fills: ${report.differences.length} DIFFERENCES`,
);
process.exit(report.differences.length === 0 ? 0 : 1);
