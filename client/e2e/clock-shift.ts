/**
 * Loaded into the embedded server of a browser test (`node --import`) to move its clock forward
 * by E2E_CLOCK_SHIFT_MS: a journey that spans days (a new share's book-building, payment and
 * listing) restarts the product on the same data "later". Only `Date.now` moves, which is what
 * the server reads the time with; nothing in the product knows about it.
 */
const shiftMs = Number(process.env.E2E_CLOCK_SHIFT_MS ?? "0");
if (Number.isFinite(shiftMs) && shiftMs !== 0) {
  const realNow = Date.now.bind(Date);
  Date.now = () => realNow() + shiftMs;
}
