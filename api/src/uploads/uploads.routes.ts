import type { Response, Router } from "express";
import { AppError } from "../errors.ts";
import type { ApiDocs } from "../http/openapi.ts";
import { requireMember } from "../http/session-middleware.ts";
import { requireStaff } from "../ops/staff-sessions.ts";
import type { UploadsService } from "./uploads.service.ts";

/**
 * Sends an image so that a browser can only ever show it as one: the stored type, no sniffing,
 * no scripts or plugins even if opened directly, and no copies in shared caches.
 */
function sendImage(response: Response, image: { contentType: string; bytes: Buffer }): void {
  response.setHeader("Content-Type", image.contentType);
  response.setHeader("Content-Length", String(image.bytes.length));
  response.setHeader("X-Content-Type-Options", "nosniff");
  response.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
  response.setHeader("Cache-Control", "private, no-store");
  response.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  response.end(image.bytes);
}

/** Uploaded images, readable by their member (`/uploads/{id}`) and by staff (`/ops/uploads/{id}`). */
export function mountUploadRoutes(
  router: Router,
  ops: Router,
  docs: ApiDocs,
  deps: { uploads: UploadsService },
): void {
  const { uploads } = deps;
  const route = docs.on(router);
  const opsRoute = docs.on(ops, "/ops");

  route(
    {
      method: "get",
      path: "/uploads/{id}",
      tag: "identity",
      summary: "One of the member's own uploaded images (identity documents, receipts), re-encoded as JPEG",
      auth: true,
      errors: ["UNAUTHENTICATED", "UPLOAD_NOT_FOUND"],
    },
    async (request, response) => {
      const member = requireMember(request);
      const image = await uploads.readOwn(member.id, String(request.params.id));
      if (!image) throw new AppError("UPLOAD_NOT_FOUND");
      sendImage(response, image);
    },
  );

  opsRoute(
    {
      method: "get",
      path: "/uploads/{id}",
      tag: "ops",
      summary: "Any member's uploaded image, for review (any staff role)",
      errors: ["STAFF_UNAUTHENTICATED", "FORBIDDEN", "UPLOAD_NOT_FOUND"],
    },
    async (request, response) => {
      requireStaff(request, "reviewer");
      const image = await uploads.read(String(request.params.id));
      if (!image) throw new AppError("UPLOAD_NOT_FOUND");
      sendImage(response, image);
    },
  );
}
