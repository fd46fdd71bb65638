import { uploadsApi } from "@kabuto/shared/endpoints/uploads";
import { addressOf } from "../../lib/api.ts";

/** Where the member's own uploaded image is read (a same-origin image: the session cookie goes with it). */
export function uploadUrl(id: string): string {
  return addressOf(uploadsApi.own, { id });
}
