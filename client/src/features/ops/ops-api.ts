import { uploadsApi } from "@kabuto/shared/endpoints/uploads";
import { addressOf } from "../../lib/api.ts";

/**
 * What the console's screens share beside the declared endpoints they call: a page of a list,
 * the audit log's filter, and the address of an uploaded image.
 */

/** A page of a list and where the next one starts (`null`: this is the last). */
export interface Page<T, C> {
  items: T[];
  next: C | null;
}

export interface AuditFilter {
  target?: string | undefined;
  staffId?: string | undefined;
  before?: string | undefined;
}

/** An uploaded image (ID photos, receipts) as staff read it: an `<img src>` the staff cookie opens. */
export function uploadUrl(id: string): string {
  return addressOf(uploadsApi.opsImage, { id });
}
