import { product } from "../kernel/product.ts";
import { UploadStore } from "./upload-store.ts";
import { mountUploadRoutes } from "./uploads.routes.ts";
import { UploadsService } from "./uploads.service.ts";

/** Uploaded images (identity documents, receipts, support photos), read by their member and by staff. */
export const uploadsProduct = product({
  name: "uploads",
  uses: [],
  create: ({ config, database }) => {
    const uploadStore = new UploadStore(config.uploadDir);
    return { uploadStore, uploads: new UploadsService({ db: database.db, store: uploadStore }) };
  },
  routes: ({ router, ops, docs }, { uploads }) => mountUploadRoutes(router, ops, docs, { uploads }),
});
