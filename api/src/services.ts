import type { DemoSeed, Kernel, OnPositionClose, Product } from "./kernel/product.ts";
import type { LedgerCheck } from "./ledger/ledger-check.ts";
import { products } from "./products.ts";

/** Any product, as the lists that build, mount and schedule them see it. */
// biome-ignore lint/suspicious/noExplicitAny: a product's own and used services differ per product; each is checked where it is declared
export type AnyProduct = Product<any, any>;

type OwnOf<P> = P extends Product<infer Own, infer _Uses> ? Own : never;
type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void
  ? I
  : never;

/** Every service of the API, by name: what each product of `products` adds. */
export type Services = Intersection<OwnOf<(typeof products)[number]>>;

/**
 * Builds the services of `chosen` (every product by default) in list order, each from the
 * kernel and the services of the products before it. Construction does no I/O: the services
 * reach the database and the bus when called.
 */
export function createServices(kernel: Kernel, chosen: readonly AnyProduct[] = products): Services {
  const built: Record<string, unknown> = {};
  for (const each of chosen) {
    for (const used of each.uses) {
      if (!chosen.some((other) => other.name === used))
        throw new Error(`${each.name} uses ${used}, not built`);
    }
    Object.assign(built, each.create(kernel, built));
  }
  return built as Services;
}

/**
 * Every product's `onPositionClose`, in list order, for the kernel: what a close runs in its
 * transaction. Read from the whole list, not the products a process builds, since the worker
 * closes positions on which products it does not build hold something.
 */
export const onPositionClose: OnPositionClose = async (tx, closings) => {
  if (closings.length === 0) return;
  for (const each of products as readonly AnyProduct[]) await each.onPositionClose?.(tx, closings);
};

/** Every product's checks of its records against the ledger, in list order (`checkLedger` in books.ts). */
export const ledgerChecks: readonly LedgerCheck[] = (products as readonly AnyProduct[]).flatMap(
  (each) => each.ledgerChecks ?? [],
);

/** The products that `wanted` need, themselves included, in list order. */
export function withWhatTheyUse(wanted: readonly AnyProduct[]): AnyProduct[] {
  const names = new Set<string>();
  const add = (name: string) => {
    if (names.has(name)) return;
    names.add(name);
    const found = products.find((each) => each.name === name);
    if (!found) throw new Error(`no product ${name}`);
    for (const used of found.uses) add(used);
  };
  for (const each of wanted) add(each.name);
  return products.filter((each) => names.has(each.name));
}

/**
 * The products' demo seeds that run at `when`, each after the seeds it names in `after` (those
 * of other stages have run already), otherwise in list order.
 */
export function demoSeeds(when: DemoSeed["when"]): { name: string; seed: DemoSeed }[] {
  const pending = (products as readonly AnyProduct[]).flatMap((each) =>
    [each.seed ?? []].flat().flatMap((seed) => (seed.when === when ? [{ name: each.name, seed }] : [])),
  );
  const ordered: { name: string; seed: DemoSeed }[] = [];
  while (pending.length > 0) {
    const ready = pending.findIndex(({ seed }) =>
      (seed.after ?? []).every((name) => !pending.some((other) => other.name === name)),
    );
    if (ready < 0)
      throw new Error(`demo seeds wait on each other: ${pending.map((each) => each.name).join(", ")}`);
    ordered.push(...pending.splice(ready, 1));
  }
  return ordered;
}
