/** The most lookups one statement answers; more wait for the next. */
const coalescedMax = 256;

/**
 * One lookup per caller, answered by one statement for many: a lookup made while no load is in
 * flight goes out at once (after the current synchronous run, so lookups made in one run share
 * it); lookups made while one is in flight wait for it and go out together as the next. An idle
 * server answers each request's session and stored answer with no added wait; under load, the
 * requests that arrive during one round trip share the next one, where each sent its own. Each
 * caller still reads after it asked, so what it gets is as fresh as a lookup of its own.
 *
 * `load` answers the keys in order, one value each; a failure of the statement fails every
 * lookup it carried, as each would have failed alone.
 */
export function coalesced<K, V>(load: (keys: readonly K[]) => Promise<readonly V[]>): (key: K) => Promise<V> {
  let waiting: { key: K; resolve: (value: V) => void; reject: (error: unknown) => void }[] = [];
  let loading = false;
  const flush = () => {
    if (loading || waiting.length === 0) return;
    const batch = waiting.slice(0, coalescedMax);
    waiting = waiting.slice(batch.length);
    loading = true;
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
      )
      .finally(() => {
        loading = false;
        flush();
      });
  };
  return (key) =>
    new Promise<V>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      if (!loading && waiting.length === 1) queueMicrotask(flush);
    });
}
