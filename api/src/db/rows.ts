/** A row of a raw SQL result, as node-postgres and PGlite both return it. */
export type Row = Record<string, unknown>;

/** The rows of `db.execute(sql...)`: both drivers put them under `rows`, which drizzle's types hide. */
export function rowsOf(result: unknown): Row[] {
  return ((result as { rows?: Row[] }).rows ?? (result as Row[])) as Row[];
}
