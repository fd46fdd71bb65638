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
 * What the servers tell each other on the bus's control channel. Not market data: no topic,
 * epoch or sequence, never stored as a snapshot and never sent to a client. Parsed on arrival,
 * because a message from another process (perhaps another version) is outside input.
 */
export const controlMessageSchema = z.discriminatedUnion("type", [
  sessionsEndedSchema.extend({ type: z.literal("sessions-ended") }),
]);
export type ControlMessage = z.infer<typeof controlMessageSchema>;
