import { z } from "zod";
import { type JournalKind, type JournalMemoObject, journalKinds, journalMemoObjects } from "../codes.ts";

/**
 * A journal's description as a code and its parameters, which the member's fund records render
 * in the member's language. The server writes one with every journal it makes itself; a memo
 * staff write (an adjustment's or a rejection's reason) is their own words and stays text, as
 * do journals written before descriptions had codes. Each product declares the descriptions it
 * writes in its codes (`api/<product>.codes.ts`).
 */
export const journalMemoSchema = z.discriminatedUnion(
  "code",
  journalMemoObjects as unknown as readonly [JournalMemoObject, ...JournalMemoObject[]],
);
export type JournalMemo = z.infer<typeof journalMemoSchema>;
export type JournalMemoCode = JournalMemo["code"];

/** Why a journal exists, each kind declared by the product whose money movement it is. Members see these in their fund records. */
export { type JournalKind, journalKinds };
