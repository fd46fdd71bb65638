import { anySymbolSchema } from "@kabuto/shared/symbols";
import { validate } from "../validate.ts";

/** A symbol from a request path: one the market could list, or SYMBOL_INVALID before any lookup. */
export function symbolOf(raw: string): string {
  return validate(anySymbolSchema, raw);
}
