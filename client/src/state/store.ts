import {
  type Atom,
  atom,
  createStore,
  type Getter,
  type PrimitiveAtom,
  useAtomValue,
  useSetAtom,
} from "jotai";

/**
 * The app's one jotai store, and the only module that imports jotai. Socket handlers and other
 * non-React code read and write it with `store.get` / `store.set`; components use the hooks
 * below, so a change re-renders only the components that read the changed atom.
 */
export const store = createStore();

export type { Atom, Getter, PrimitiveAtom };
export { atom };

export function useValue<Value>(source: Atom<Value>): Value {
  return useAtomValue(source, { store }) as Value;
}

export function useSetValue<Value>(
  target: PrimitiveAtom<Value>,
): (value: Value | ((previous: Value) => Value)) => void {
  return useSetAtom(target, { store });
}
