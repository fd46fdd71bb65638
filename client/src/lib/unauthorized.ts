/**
 * Where an HTTP 401 is reported. Kept apart from the API client so the app shell can install
 * its handler without loading the client (and zod) on the first screen.
 */
let handler: ((code: string) => void) | undefined;

export function onUnauthorized(next: (code: string) => void): void {
  handler = next;
}

export function reportUnauthorized(code: string): void {
  handler?.(code);
}
