import { z } from "zod";
import { booleanFlag, settings } from "../kernel/settings.ts";

/** Signing in and registration: its part of the API's settings (see kernel/settings.ts). */
export const authSettings = settings({
  /** Registration needs an existing member's invitation code unless this is turned off. */
  INVITE_REQUIRED: booleanFlag.default(true),
  /**
   * Registrations (successful or not) one address may attempt per hour: the answer says whether
   * a number is already a member, so trying numbers must stay slow.
   */
  REGISTRATIONS_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
});
