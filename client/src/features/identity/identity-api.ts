import { pathOf } from "@kabuto/shared/endpoint";
import { uploadsApi } from "@kabuto/shared/endpoints/uploads";

/** Where the member's own uploaded image is read (a same-origin image: the session cookie goes with it). */
export function uploadUrl(id: string): string {
  return `/api/v1${pathOf(uploadsApi.own, { id })}`;
}
