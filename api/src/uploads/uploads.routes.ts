import { uploadsApi } from "@kabuto/shared/endpoints/uploads";
import type { Response, Router } from "express";
import { AppError } from "../errors.ts";
import { answered } from "../http/endpoints.ts";
import type { ApiDocs } from "../http/openapi.ts";
import type { UploadsService } from "./uploads.service.ts";

/**
 * Sends an image so that a browser can only ever show it as one: the stored type, no sniffing,
 * no scripts or plugins even if opened directly, and no copies in shared caches.
 */
function sendImage(response: Response, image: { contentType: string; bytes: Buffer }): typeof answered {
  response.setHeader("Content-Type", image.contentType);
  response.setHeader("Content-Length", String(image.bytes.length));
  response.setHeader("X-Content-Type-Options", "nosniff");
  response.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
  response.setHeader("Cache-Control", "private, no-store");
  response.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  response.end(image.bytes);
  return answered;
}

/** Uploaded images, readable by their member (`/uploads/{id}`) and by staff (`/ops/uploads/{id}`). */
export function mountUploadRoutes(
  router: Router,
  ops: Router,
  docs: ApiDocs,
  deps: { uploads: UploadsService },
): void {
  const { uploads } = deps;
  const serve = docs.serve({ router, ops });

  serve(uploadsApi.own, async ({ member, params, response }) => {
    const image = await uploads.readOwn(member.id, params.id);
    if (!image) throw new AppError("UPLOAD_NOT_FOUND");
    return sendImage(response, image);
  });
  serve(uploadsApi.opsImage, async ({ params, response }) => {
    const image = await uploads.read(params.id);
    if (!image) throw new AppError("UPLOAD_NOT_FOUND");
    return sendImage(response, image);
  });
}
