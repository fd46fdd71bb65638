import { z } from "zod";

/**
 * Sessions that ended (sign-out, a disabled member): every gateway disconnects their sockets.
 * Sessions are named by the hash of their token, never the token itself.
 */
export const sessionsEndedSchema = z.object({
  sessionKeys: z.array(z.string()).optional(),
  memberIds: z.array(z.string()).optional(),
});
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;

/**
 * Sessions that live on but whose member's flags changed (frozen, barred): every API process
 * forgets what it cached of them, so the next request reads the flags as stored. Gateways keep
 * the sockets. Named by the hash of their token, as above.
 */
export const sessionsChangedSchema = z.object({
  sessionKeys: z.array(z.string()),
});
export type SessionsChanged = z.infer<typeof sessionsChangedSchema>;

/**
 * What the servers tell each other on the bus's control channel. Not market data: no topic,
 * epoch or sequence, never stored as a snapshot and never sent to a client. Parsed on arrival,
 * because a message from another process (perhaps another version) is outside input.
 */
export const controlMessageSchema = z.discriminatedUnion("type", [
  sessionsEndedSchema.extend({ type: z.literal("sessions-ended") }),
  sessionsChangedSchema.extend({ type: z.literal("sessions-changed") }),
]);
export type ControlMessage = z.infer<typeof controlMessageSchema>;
