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

/**
 * The changes a row records. Two objects give one change per field whose value differs, in
 * the order the fields first appear; anything else gives a single change of the whole value.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if (isRecord(before) && isRecord(after)) {
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return fields
      .filter((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null))
      .map((field) => ({
        field,
        before: auditValueText(before[field]),
        after: auditValueText(after[field]),
      }));
  }
  if (isRecord(after) && (before === null || before === undefined)) {
    return Object.entries(after).map(([field, value]) => ({
      field,
      before: null,
      after: auditValueText(value),
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
