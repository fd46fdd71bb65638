/**
 * localStorage that never throws: private modes and some wrappers refuse storage, and a
 * refusal must not take a screen down. Everything the app keeps is a convenience.
 */
export function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage full or refused: the value lives for this page only.
  }
}

export function removeStorage(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // Nothing to do: the value was not stored either.
  }
}
