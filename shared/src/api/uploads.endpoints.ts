import { endpoint } from "./endpoint.ts";

/**
 * Uploaded images, readable by their member and by staff. They answer the image's bytes, not
 * JSON, so they declare no response; a page shows them by URL (`<img src>`), not through `call`.
 */
export const uploadsApi = {
  own: endpoint({
    method: "get",
    path: "/uploads/{id}",
    tag: "identity",
    summary: "One of the member's own uploaded images (identity documents, receipts), re-encoded as JPEG",
    caller: "member",
    errors: ["UPLOAD_NOT_FOUND"],
  }),
  opsImage: endpoint({
    method: "get",
    path: "/ops/uploads/{id}",
    tag: "ops",
    summary: "Any member's uploaded image, for review (any staff role)",
    caller: "reviewer",
    errors: ["UPLOAD_NOT_FOUND"],
  }),
};
