/** The most lookups one statement answers; more wait for the next. */
const coalescedMax = 256;

/**
 * One lookup per caller, answered by one statement per turn of the event loop: the lookups made
 * while the requests that arrived together are parsed (their session, their key's stored answer)
 * are gathered until the loop has handled them all (`setImmediate`) and read in one round trip.
 * Each caller still reads after it asked, so what it gets is as fresh as a lookup of its own; under
 * load the database answers one statement for many, where it answered one each.
 *
 * `load` answers the keys in order, one value each; a failure of the statement fails every
 * lookup it carried, as each would have failed alone.
 */
export function coalesced<K, V>(load: (keys: readonly K[]) => Promise<readonly V[]>): (key: K) => Promise<V> {
  let waiting: { key: K; resolve: (value: V) => void; reject: (error: unknown) => void }[] = [];
  const flush = () => {
    const batch = waiting.slice(0, coalescedMax);
    waiting = waiting.slice(batch.length);
    if (waiting.length > 0) setImmediate(flush);
    // A load that throws before its statement is sent fails its lookups like one that fails after.
    Promise.resolve()
      .then(() => load(batch.map((lookup) => lookup.key)))
      .then(
        (values) => {
          batch.forEach((lookup, index) => {
            lookup.resolve(values[index] as V);
          });
        },
        (error: unknown) => {
          for (const lookup of batch) lookup.reject(error);
        },
      );
  };
  return (key) =>
    new Promise<V>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ key, resolve, reject });
    });
}
