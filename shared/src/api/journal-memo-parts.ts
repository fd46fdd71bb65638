import { z } from "zod";

/** The parameters journal descriptions share (see each product's `memos`). */
export const side = z.enum(["long", "short"]);
/** A price or rate as the ledger wrote it: a plain decimal, never formatted for a language. */
export const decimal = z.string().regex(/^\d+(\.\d+)?$/);
export const count = z.number().int().positive();
