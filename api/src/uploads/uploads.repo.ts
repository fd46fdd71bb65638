import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { firstRow } from "../db/raw-rows.ts";
import { uploads } from "../db/schema.ts";

export type NewUpload = Omit<typeof uploads.$inferInsert, "id">;

/** Records a stored image; returns the upload's id. */
export async function insertUpload(db: Pick<Db, "insert">, upload: NewUpload): Promise<string> {
  return firstRow(await db.insert(uploads).values(upload).returning({ id: uploads.id })).id;
}

/** Which of these stored file names a row still names. */
export async function knownStoredNames(db: Db, storedNames: string[]): Promise<Set<string>> {
  const known = await db
    .select({ storedName: uploads.storedName })
    .from(uploads)
    .where(inArray(uploads.storedName, storedNames));
  return new Set(known.map((row) => row.storedName));
}

/** Where an upload's bytes are and whose they are. */
export async function uploadById(
  db: Db,
  id: string,
): Promise<{ memberId: string; contentType: string; storedName: string } | undefined> {
  const [row] = await db
    .select({
      memberId: uploads.memberId,
      contentType: uploads.contentType,
      storedName: uploads.storedName,
    })
    .from(uploads)
    .where(eq(uploads.id, id))
    .limit(1);
  return row;
}
