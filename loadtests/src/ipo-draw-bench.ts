// `npm run bench:ipo-draw`: how long the new-share lottery takes for 100,000 entries, the size
// of a popular Japanese IPO's book at one broker. The same function runs in a member's browser to
// verify a draw, so it must stay well under a second there too. Prints the median of a few runs.

import { commitmentOf, entryHashOf, runDraw } from "@kabuto/shared/ipo/draw";

const entries = Number(process.env.BENCH_ENTRIES ?? 100_000);
const runs = 5;

const list = Array.from({ length: entries }, (_, i) => ({
  hash: entryHashOf("BENCH", String(i), `salt-${i}`),
  units: 1 + (i % 10),
}));
const seed = commitmentOf("ab".repeat(32));

function timeDraw(unitsOffered: number): number {
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    runDraw(seed, list, { unitsOffered });
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)] ?? Number.NaN;
}

// Oversubscribed (a popular name: 5,000 units for 100,000 members) and undersubscribed (every
// member a unit, the rest by lottery among the extra units asked).
const over = timeDraw(5_000);
const under = timeDraw(entries * 3);
console.log(`IPO draw, ${entries.toLocaleString("en")} entries (median of ${runs}; goal < 1000 ms):`);
console.log(`  oversubscribed, 5,000 units:           ${over.toFixed(1)} ms`);
console.log(`  undersubscribed, ${(entries * 3).toLocaleString("en")} units:        ${under.toFixed(1)} ms`);
