import path from "node:path";
import { z } from "zod";
import { settings } from "../kernel/settings.ts";

/** Uploaded images: its part of the API's settings (see kernel/settings.ts). */
export const uploadsSettings = settings(
  {
    /** Where uploaded images are kept (default: DATA_DIR/uploads); nothing serves this folder directly. */
    UPLOAD_DIR: z.string().optional(),
  },
  ({ UPLOAD_DIR }, { dataDir }) => ({ UPLOAD_DIR, uploadDir: UPLOAD_DIR ?? path.join(dataDir, "uploads") }),
);
