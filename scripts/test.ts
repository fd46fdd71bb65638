// `npm test`: lint and format check, type check, then the four test lanes in turn (unit,
// integration, faults, browser), each timed. Integration tests use PostgreSQL and Redis when
// DATABASE_URL and REDIS_URL are set. Arguments go to every vitest lane (e.g. a file filter).
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
// A filter that matches nothing in one lane is not a failure of that lane.
const extra = process.argv.length > 2 ? ["--passWithNoTests", ...process.argv.slice(2)] : [];
const steps: [string, string, string[]][] = [
  ["lint", "biome", ["check", "."]],
  ["types", "tsc", ["-b"]],
  // The k6 scripts cannot run here (no k6 binary), but they are type-checked against @types/k6.
  ["k6 types", "tsc", ["-p", "loadtests/tsconfig.k6.json"]],
  ["unit", "vitest", ["run", "--project", "unit", ...extra]],
  ["integration", "vitest", ["run", "--project", "integration", ...extra]],
  ["faults", "vitest", ["run", "--project", "faults", ...extra]],
  ["browser", "vitest", ["run", "--project", "browser", ...extra]],
];
const times: string[] = [];
for (const [lane, command, args] of steps) {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  const startedMs = performance.now();
  const result = spawnSync(path.join(root, "node_modules/.bin", command), args, {
    cwd: root,
    stdio: "inherit",
  });
  times.push(`${lane.padEnd(12)} ${((performance.now() - startedMs) / 1000).toFixed(1).padStart(6)} s`);
  if (result.status !== 0) {
    console.log(`\n${times.join("\n")}`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\nlane times\n${times.join("\n")}`);
