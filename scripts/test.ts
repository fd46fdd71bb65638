// `npm test`: lint and format check, type check, then every test (unit, integration, browser).
// Integration tests use PostgreSQL and Redis when DATABASE_URL and REDIS_URL are set.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const steps: [string, string[]][] = [
  ["biome", ["check", "."]],
  ["tsc", ["-b"]],
  // The k6 scripts cannot run here (no k6 binary), but they are type-checked against @types/k6.
  ["tsc", ["-p", "loadtests/tsconfig.k6.json"]],
  ["vitest", ["run", ...process.argv.slice(2)]],
];
for (const [command, args] of steps) {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  const result = spawnSync(path.join(root, "node_modules/.bin", command), args, {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
