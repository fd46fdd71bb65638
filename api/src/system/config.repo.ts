import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { configEntries } from "../db/schema.ts";

/** The stored values of these settings, by name; a setting never set has no entry. */
export async function storedConfigValues(db: Db, names: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .select()
    .from(configEntries)
    .where(inArray(configEntries.name, [...names]));
  return new Map(rows.map((row) => [row.name, row.value]));
}

/** Locks a setting's stored value for a change in this transaction; undefined if never set. */
export async function lockConfigValue(db: Pick<Db, "select">, name: string): Promise<string | undefined> {
  const [stored] = await db.select().from(configEntries).where(eq(configEntries.name, name)).for("update");
  return stored?.value;
}

export async function storeConfigValue(db: Pick<Db, "insert">, name: string, value: string): Promise<void> {
  await db
    .insert(configEntries)
    .values({ name, value })
    .onConflictDoUpdate({ target: configEntries.name, set: { value } });
}
