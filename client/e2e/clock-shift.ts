/**
 * Loaded into the embedded server of a browser test (`node --import`) to move its clock forward.
 * E2E_CLOCK_SHIFT_MS runs it that far ahead from the start: a journey that spans days (a new
 * share's book-building, payment and listing) restarts the product on the same data "later".
 * E2E_CLOCK_FILE names a file holding a shift the journey may rewrite while the server runs (read
 * every tenth of a second): a journey that waits for a moment later the same day (a day trade's
 * cut-off) jumps to it instead of waiting in real time. Only `Date.now` moves, which is what the
 * server reads the time with; nothing in the product knows about it.
 */
import { readFileSync } from "node:fs";

let shiftMs = Number(process.env.E2E_CLOCK_SHIFT_MS ?? "0");
if (!Number.isFinite(shiftMs)) shiftMs = 0;
const file = process.env.E2E_CLOCK_FILE;

if (file || shiftMs !== 0) {
  const realNow = Date.now.bind(Date);
  Date.now = () => realNow() + shiftMs;
}
if (file) {
  const read = () => {
    try {
      const written = Number(readFileSync(file, "utf8"));
      if (Number.isFinite(written)) shiftMs = written;
    } catch {
      // Not written yet: the clock keeps its shift.
    }
  };
  read();
  setInterval(read, 100).unref();
}
