import { type Currency, currencySchema } from "@kabuto/shared/symbols";
import { type Row, rowsOf } from "./rows.ts";

/**
 * One row of a raw SQL result, read a column at a time. Each reader converts what the driver
 * gave (node-postgres hands `bigint` and `count(*)` over as strings, PGlite as numbers or
 * bigints) and throws if the column is not what the query selects: a query and its mapper
 * that disagree are a programmer error, found on the first run rather than passed on as
 * `undefined` or `NaN`.
 */
export class RawRow {
  private readonly row: Row;

  constructor(row: Row) {
    this.row = row;
  }

  text(name: string): string {
    const value = this.row[name];
    if (typeof value !== "string") throw mismatch(name, "text", value);
    return value;
  }

  textOrNull(name: string): string | null {
    return this.row[name] == null ? null : this.text(name);
  }

  /** An integer column that fits a JavaScript number: counts, ids, epoch milliseconds. */
  int(name: string): number {
    const value = this.row[name];
    const number =
      typeof value === "bigint" || (typeof value === "string" && /^-?\d+$/.test(value))
        ? Number(value)
        : value;
    if (typeof number !== "number" || !Number.isSafeInteger(number)) throw mismatch(name, "integer", value);
    return number;
  }

  intOrNull(name: string): number | null {
    return this.row[name] == null ? null : this.int(name);
  }

  /** A boolean column (node-postgres and PGlite hand over `true`/`false`; `t`/`f` as text). */
  bool(name: string): boolean {
    const value = this.row[name];
    if (value === true || value === "t") return true;
    if (value === false || value === "f") return false;
    throw mismatch(name, "boolean", value);
  }

  /** A text column holding one of `values` (a status, a side): refused if it holds anything else. */
  oneOf<const T extends string>(name: string, values: readonly T[]): T {
    const value = this.text(name);
    if (!(values as readonly string[]).includes(value)) throw mismatch(name, values.join("|"), value);
    return value as T;
  }

  /** A currency code column: one of the currencies the broker knows, or the query is wrong. */
  currency(name: string): Currency {
    const parsed = currencySchema.safeParse(this.row[name]);
    if (!parsed.success) throw mismatch(name, "currency", this.row[name]);
    return parsed.data;
  }

  /** Money in minor units as the API answers it: the integer's every digit, as a string. */
  minor(name: string): string {
    return this.bigint(name).toString();
  }

  /** A json or jsonb column (an aggregate built with `json_agg`, say), as the driver parsed it. */
  json(name: string): unknown {
    const value = this.row[name];
    if (value === undefined) throw mismatch(name, "json", value);
    return typeof value === "string" ? JSON.parse(value) : value;
  }

  /** An integer column of any size: money in minor units. */
  bigint(name: string): bigint {
    const value = this.row[name];
    if (typeof value === "bigint") return value;
    if (typeof value === "number" && Number.isSafeInteger(value)) return BigInt(value);
    if (typeof value === "string" && /^-?\d+$/.test(value)) return BigInt(value);
    throw mismatch(name, "bigint", value);
  }

  bigintOrNull(name: string): bigint | null {
    return this.row[name] == null ? null : this.bigint(name);
  }
}

/** The rows of `db.execute(sql...)`, each converted by `map`, which names and checks its columns. */
export function mapRows<T>(result: unknown, map: (row: RawRow) => T): T[] {
  return rowsOf(result).map((row) => map(new RawRow(row)));
}

/** The one row a query always returns (an aggregate, an `insert ... returning` of one row). */
export function mapOneRow<T>(result: unknown, map: (row: RawRow) => T): T {
  return map(new RawRow(firstRow(rowsOf(result))));
}

function mismatch(name: string, expected: string, value: unknown): Error {
  return new Error(`column ${name}: expected ${expected}, got ${typeof value}`);
}

/**
 * The first row of a query that cannot come back empty: an update of a row the transaction has
 * just locked, an insert without `on conflict`. An empty result is a programmer error.
 */
export function firstRow<T>(rows: readonly T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error("a query that always returns a row returned none");
  return row;
}
