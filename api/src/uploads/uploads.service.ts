import type { Db } from "../db/database.ts";
import type { UploadStore } from "./upload-store.ts";

export interface StoredImage {
  memberId: string;
  contentType: string;
  bytes: Buffer;
}

/** Uploaded images as the GET routes read them: a member their own, staff any. */
export class UploadsService {
  private readonly db: Db;
  private readonly store: UploadStore;

  constructor(deps: { db: Db; store: UploadStore }) {
    this.db = deps.db;
    this.store = deps.store;
  }

  /** The member's own image; another member's is as absent as one that never existed. */
  async readOwn(memberId: string, id: string): Promise<StoredImage | undefined> {
    const image = await this.store.read(this.db, id);
    return image?.memberId === memberId ? image : undefined;
  }

  /** Any member's image, for review. */
  read(id: string): Promise<StoredImage | undefined> {
    return this.store.read(this.db, id);
  }
}
