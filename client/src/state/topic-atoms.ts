import { isUpdateOf, type Update, type UpdateOf } from "@kabuto/shared/protocol/socket";
import type { ClientTopic } from "@kabuto/shared/protocol/topics";
import { atom, type Getter, type PrimitiveAtom, store } from "./store.ts";

/**
 * One atom per subscribed topic, holding the topic's latest update (checked against the topic's
 * schema on arrival, so its type follows from the topic's name). An atom exists from the
 * topic's first subscription until its last unsubscription; components find it through
 * `peekTopicAtom` and hear about creations and removals through `subscribeTopicAtoms`.
 */
const atoms = new Map<string, PrimitiveAtom<Update | undefined>>();
const listeners = new Set<() => void>();
/** Bumped whenever an atom is created or dropped, so derived atoms re-read the map. */
const atomsVersion = atom(0);

function notify(): void {
  store.set(atomsVersion, (version) => version + 1);
  for (const listener of listeners) listener();
}

/**
 * A topic's latest state read inside a derived atom: the derived atom then follows the topic's
 * changes, and its creation and removal (undefined while the topic is not held).
 */
export function readTopic<Name extends ClientTopic>(
  get: Getter,
  topic: Name,
): UpdateOf<Name>["data"] | undefined {
  get(atomsVersion);
  const source = atoms.get(topic);
  return dataOf(source ? get(source) : undefined, topic);
}

/** The data of a topic's update: undefined while there is none. */
export function dataOf<Name extends ClientTopic>(
  update: Update | undefined,
  topic: Name,
): UpdateOf<Name>["data"] | undefined {
  return update && isUpdateOf(update, topic) ? update.data : undefined;
}

export function peekTopicAtom(topic: string): PrimitiveAtom<Update | undefined> | undefined {
  return atoms.get(topic);
}

export function subscribeTopicAtoms(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * What a topic held when last known (the offline copy), given to its atom when it is created, so
 * that a screen opened offline shows the kept state even after the topic has lingered out and
 * been subscribed again. Undefined while there is nothing to stand in for the server's snapshot.
 */
let lastKnown: ((topic: string) => Update | undefined) | undefined;

export function seedTopicsWith(source: ((topic: string) => Update | undefined) | undefined): void {
  lastKnown = source;
}

export function createTopicAtom(topic: string): void {
  if (atoms.has(topic)) return;
  const created = atom<Update | undefined>(lastKnown?.(topic));
  created.debugLabel = topic;
  atoms.set(topic, created);
  notify();
}

export function dropTopicAtom(topic: string): void {
  if (atoms.delete(topic)) notify();
}

export function writeTopic(update: Update): void {
  const target = atoms.get(update.topic);
  if (target) store.set(target, update);
}
