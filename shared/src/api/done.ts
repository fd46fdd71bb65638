import { z } from "zod";

/**
 * What a change with nothing more to say answers: a sign-out (the session is over whether or not
 * one was open), a card removed, a password changed.
 */
export const doneSchema = z.object({ ok: z.literal(true) });
