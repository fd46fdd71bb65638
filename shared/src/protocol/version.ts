/**
 * Bumped when a change to the socket messages would break a client built for the old ones. The
 * gateway sends it in `hello`; a client built for another version stops and asks to be reloaded.
 * Kept in a module of its own, free of zod, because the client's first screen checks it: a
 * module that builds schemas at load would pull zod into the initial bundle.
 */
export const socketProtocolVersion = 1;
