/**
 * Decimal strings as they travel on the wire (`"2845.5"`, `"-0.25"`). These helpers move them
 * around without ever passing through binary floating point, so what is shown is exactly what
 * the server sent.
 */
const decimalPattern = /^-?\d+(\.\d+)?$/;

export function isDecimal(value: string): boolean {
  return decimalPattern.test(value);
}

/** Digits after the decimal point: `"12.50"` has 2, `"12"` has 0. */
export function fractionDigitsOf(value: string): number {
  const point = value.indexOf(".");
  return point < 0 ? 0 : value.length - point - 1;
}

/**
 * Moves the decimal point `places` to the right (negative: to the left), exactly:
 * `shiftDecimal("1.23", -2)` is `"0.0123"`, `shiftDecimal("123", -2)` is `"1.23"`.
 */
export function shiftDecimal(value: string, places: number): string {
  const negative = value.startsWith("-");
  const unsigned = negative ? value.slice(1) : value;
  const point = unsigned.indexOf(".");
  const whole = point < 0 ? unsigned : unsigned.slice(0, point);
  const fraction = point < 0 ? "" : unsigned.slice(point + 1);
  let digits = whole + fraction;
  let pointAt = whole.length + places;
  if (pointAt < 0) {
    digits = "0".repeat(-pointAt) + digits;
    pointAt = 0;
  }
  if (pointAt > digits.length) digits = digits + "0".repeat(pointAt - digits.length);
  const intPart = digits.slice(0, pointAt).replace(/^0+(?=\d)/, "") || "0";
  const fracPart = digits.slice(pointAt);
  const body = fracPart ? `${intPart}.${fracPart}` : intPart;
  return negative && /[1-9]/.test(body) ? `-${body}` : body;
}
