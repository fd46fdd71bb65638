// `npm run ledger:check`: recomputes every balance from its entries, re-adds every journal and walks
// the tamper-evident trail of journals and audit records. Prints what it found and exits non-zero
// if anything is wrong.
import { checkLedger, isHealthy, openDatabase } from "@kabuto/api";
import { loadPlatformConfig } from "../config.ts";

const config = loadPlatformConfig([]).process;
const database = await openDatabase({
  url: config.DATABASE_URL,
  migrationUrl: config.DATABASE_MIGRATION_URL,
  dataDir: config.DATA_DIR,
});
const report = await checkLedger(database.db);
await database.close();
console.log(`ledger: ${report.accounts} accounts, ${report.journals} journals`);
for (const drift of report.drifted) {
  console.log(
    `  drift: account ${drift.accountId} caches ${drift.cached}, its entries sum to ${drift.fromEntries}`,
  );
}
for (const journal of report.unbalanced) {
  console.log(`  unbalanced: journal ${journal.journalId} is off by ${journal.sum} ${journal.currency}`);
}
if (report.mismatched > 0)
  console.log(`  ${report.mismatched} entries in a currency other than their account's`);
for (const check of report.checks) {
  if (check.count > 0) console.log(`  ${check.count} ${check.finding}`);
}
const trailProblems = {
  altered: "its content no longer matches its link",
  relinked: "its link does not follow the one before it",
  gap: "a row and its link before it were removed",
  unlinked: "it has no link in the trail",
  rewritten: "its chain no longer passes through the head a proof snapshot pinned",
  repinned: "the snapshot's stored heads no longer give the digest it published",
};
for (const broken of report.trail) {
  console.log(
    `  trail: ${broken.record} (chain ${broken.chain}, link ${broken.seq}): ${trailProblems[broken.problem]}`,
  );
}
console.log(isHealthy(report) ? "ledger: no drift" : "ledger: DRIFT FOUND");
process.exit(isHealthy(report) ? 0 : 1);
