import type { z } from "zod";

/**
 * What a product declares of its own codes, beside its endpoints: the errors it answers with
 * (each code's HTTP status), the audit actions its staff screens write (`<noun>.<verb>`), the
 * journal kinds its money movements carry, and the descriptions (a code and parameters) it writes
 * on its journals. The codes of every product are composed in `shared/src/codes.ts`; a code is
 * declared by one product only.
 */
export interface ProductCodes<
  E extends Readonly<Record<string, number>>,
  A extends string,
  J extends string,
  M extends z.ZodObject,
> {
  readonly errors: E;
  readonly audit: readonly A[];
  readonly journals: readonly J[];
  readonly memos: readonly M[];
}

export function productCodes<
  const E extends Readonly<Record<string, number>>,
  const A extends string = never,
  const J extends string = never,
  const M extends z.ZodObject = never,
>(codes: {
  errors: E;
  audit?: readonly A[];
  journals?: readonly J[];
  memos?: readonly M[];
}): ProductCodes<E, A, J, M> {
  return {
    errors: codes.errors,
    audit: codes.audit ?? [],
    journals: codes.journals ?? [],
    memos: codes.memos ?? [],
  };
}
