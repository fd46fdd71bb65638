import { type Currency, currencies } from "@kabuto/shared/symbols";

/**
 * How an audit row's before and after read in the viewer: the fields that changed, each with
 * its old and new value. Pure, so the rules are tested without a browser.
 */

export interface AuditChange {
  /** The field's name, or null when the row records a whole value (a creation, a removal). */
  field: string | null;
  before: string | null;
  after: string | null;
}

/** Values longer than this are cut in the table; the full row is one click away (its target). */
const valueLengthMax = 160;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A value as compact text: strings bare, everything else as JSON; null and undefined as null. */
export function auditValueText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > valueLengthMax ? `${text.slice(0, valueLengthMax - 1)}…` : text;
}

/** How a screen writes integer minor units of a currency: `formatMoney` in the reader's locale. */
export type MoneyText = (minor: string, currency: Currency) => string;

/** Fields of an audited record that hold minor units of the record's own `currency` field. */
const moneyFields = new Set(["amount", "available"]);

const minorPattern = /^-?\d+$/;

function isCurrency(value: unknown): value is Currency {
  return typeof value === "string" && (currencies as readonly string[]).includes(value);
}

/**
 * A value as staff read it. The ledger's figures are written in minor units (a dollar credit
 * line of 5,000.00 is `"500000"`); money is shown in its currency's units instead: a map from
 * currencies to minor units (the credit lines `{ "JPY": "100000", "USD": "500000" }`), and an
 * amount field beside a `currency` field (an adjustment's `amount` and `available`).
 */
function valueText(value: unknown, field: string | null, record: Record<string, unknown>, money?: MoneyText) {
  if (money && isRecord(value)) {
    const entries = Object.entries(value);
    const amounts = entries.flatMap(([currency, minor]) =>
      isCurrency(currency) && typeof minor === "string" && minorPattern.test(minor)
        ? [{ currency, minor }]
        : [],
    );
    if (amounts.length > 0 && amounts.length === entries.length)
      return amounts.map(({ currency, minor }) => money(minor, currency)).join(" · ");
  }
  const currency = record.currency;
  if (
    money &&
    field !== null &&
    moneyFields.has(field) &&
    isCurrency(currency) &&
    typeof value === "string" &&
    minorPattern.test(value)
  )
    return money(value, currency);
  return auditValueText(value);
}

/**
 * The changes a row records. Two objects give one change per field whose value differs, in
 * the order the fields first appear; anything else gives a single change of the whole value.
 * With `money`, figures of money read in their currency's units (see `valueText`).
 */
export function auditChanges(before: unknown, after: unknown, money?: MoneyText): AuditChange[] {
  if (isRecord(before) && isRecord(after)) {
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return fields
      .filter((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null))
      .map((field) => ({
        field,
        before: valueText(before[field], field, before, money),
        after: valueText(after[field], field, after, money),
      }));
  }
  if (isRecord(after) && (before === null || before === undefined)) {
    return Object.entries(after).map(([field, value]) => ({
      field,
      before: null,
      after: valueText(value, field, after, money),
    }));
  }
  if (before === null && after === null) return [];
  return [{ field: null, before: auditValueText(before), after: auditValueText(after) }];
}

/** Where the console shows an audit target (`deposit:12` → its review screen); none for the rest. */
export function auditTargetPath(target: string): string | undefined {
  const match = /^([a-z_]+):(.+)$/.exec(target);
  if (!match) return undefined;
  const [, noun, id] = match;
  const screens: Record<string, string> = {
    member: "/ops/members",
    kyc: "/ops/kyc",
    deposit: "/ops/deposits",
    withdrawal: "/ops/withdrawals",
  };
  const base = noun ? screens[noun] : undefined;
  return base && id ? `${base}/${encodeURIComponent(id)}` : undefined;
}
