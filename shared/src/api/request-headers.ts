// The request headers the API client sets, in a module of their own: the client's every request
// reads them, and in auth.ts or trading-pin.ts they would build those modules' schemas (some
// sixty) before the first screen's paint. Both modules re-export them.

/**
 * The request header with which a native wrapper or a load test signs in for a bearer token:
 * `X-Session-Transport: bearer`. Such a sign-in sets no cookie and answers the token, which
 * the caller then sends as `Authorization: Bearer`. Without it (a browser), the session is the
 * httpOnly cookie alone, and no answer carries the token where a page's scripts could read it.
 */
export const sessionTransportHeader = "x-session-transport";
export const bearerTransport = "bearer";

/** The header a device token comes back in at a sign-in; see `deviceCookieName` in auth.ts. */
export const deviceTokenHeader = "x-device-token";

/**
 * The header a money-moving request carries its trading PIN in. A header, not a body field: the
 * PIN stays out of the request's idempotency fingerprint (a retry that adds the PIN is still the
 * same request) and out of every product's body schema, and the endpoint declaration says which
 * requests take it (`tradingPin: true`).
 */
export const tradingPinHeader = "x-trading-pin";
