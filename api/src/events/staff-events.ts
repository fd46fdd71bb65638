import type { Bus } from "@kabuto/bus";
import type { StaffEvent, StaffUpdate } from "@kabuto/shared/protocol/socket";
import { staffSupportTopic } from "@kabuto/shared/protocol/topics";

/** Tells every signed-in staff console what changed in the support inbox. */
export type StaffEvents = (event: StaffEvent) => void;

/**
 * Publishes staff events on the bus as `staff:support`. As with account events, each API
 * process has its own epoch and numbers its events from one; a console that sees a gap or
 * another epoch re-reads the inbox, which is always correct.
 */
export function createStaffPublisher(bus: Bus, now: () => number = Date.now): StaffEvents {
  const epoch = `api-staff-${now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  let seq = 0;
  return (event) => {
    seq += 1;
    const update: StaffUpdate = { topic: staffSupportTopic, epoch, seq, ts: now(), data: event };
    bus.publish([update]);
  };
}
