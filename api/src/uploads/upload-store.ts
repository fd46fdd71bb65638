import { createHash, randomBytes } from "node:crypto";
import { chmod, mkdir, readdir, readFile, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { RequestHandler } from "express";
import multer from "multer";
import sharp from "sharp";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import { endsWhereFormatEnds, sniffImageFormat } from "./image-format.ts";
import { insertUpload, knownStoredNames, uploadById } from "./uploads.repo.ts";

/** 8 MiB: a full-resolution phone photo is 2–6 MiB; anything larger is not a snapshot of a card or a receipt. */
export const uploadBytesMax = 8 * 1024 * 1024;
/**
 * 50 megapixels decoded at most: the largest phone sensors' full-resolution mode. A small file
 * that claims more is a decompression bomb.
 */
const inputPixelsMax = 50_000_000;
/** The long side of what is kept: enough to read an ID number or a transfer slip, small enough to store. */
const storedSideMax = 2_560;
/** JPEG quality of what is kept: text on a document stays sharp, files stay a few hundred KiB. */
const storedJpegQuality = 85;
/** Text fields in an upload form (a name, an ID number, an amount...): a handful, each short. */
const formFieldsMax = 16;
const formFieldBytesMax = 4 * 1024;
/** Multipart boundaries, part headers and the text fields together stay under this. */
const formOverheadBytesMax = 128 * 1024;

/**
 * How old a file without a row must be before the sweep removes it. A row commits within
 * seconds of its file being written, so an hour leaves every transaction in flight alone.
 */
export const orphanAgeMs = 60 * 60_000;
/** Files the sweep looks up in one query. */
const sweepBatch = 500;

export type UploadPurpose = "kyc_front" | "kyc_back" | "receipt" | "support";

/** An image checked and re-encoded, ready to be written; nothing of the sender's file survives but pixels. */
export interface PreparedImage {
  bytes: Buffer;
  contentType: "image/jpeg";
  width: number;
  height: number;
  /** Hex SHA-256 of `bytes`. */
  sha256: string;
}

/** The transaction `UploadStore.transaction` hands to its work: the full query builder. */
export type UploadTx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type SaveImage = (
  memberId: string,
  purpose: UploadPurpose,
  image: PreparedImage,
  nowMs: number,
) => Promise<string>;

/** Stored names are ours alone: 128 random bits and the extension of the type we wrote. */
const storedNamePattern = /^[0-9a-f]{32}\.jpg$/;

/** The single file a `fields()` middleware took for `name`, if any. */
export function uploadedFile(files: Express.Request["files"], name: string): Express.Multer.File | undefined {
  if (!files || Array.isArray(files)) return undefined;
  return files[name]?.[0];
}

/**
 * Member images (identity documents, deposit receipts): checked from their bytes, re-encoded
 * without metadata, written under generated names to a folder nothing serves, and recorded in
 * `uploads` in the caller's transaction.
 */
export class UploadStore {
  private readonly dir: string;
  private ready: Promise<void> | undefined;

  constructor(dir: string) {
    this.dir = path.resolve(dir);
  }

  /**
   * Multipart parsing for these single-file fields, in memory and bounded in every dimension.
   * Mount it after the route's sign-in check, so strangers cannot make the server read
   * megabytes.
   */
  fields(names: readonly string[]): RequestHandler {
    const parse = multer({
      storage: multer.memoryStorage(),
      limits: {
        fileSize: uploadBytesMax,
        files: names.length,
        fields: formFieldsMax,
        fieldSize: formFieldBytesMax,
        fieldNameSize: 64,
        parts: names.length + formFieldsMax,
      },
    }).fields(names.map((name) => ({ name, maxCount: 1 })));
    const declaredMax = names.length * uploadBytesMax + formOverheadBytesMax;
    return (request, response, next) => {
      // A body that says up front it is too large is refused before a byte of it is parsed.
      const declared = Number(request.get("content-length"));
      if (Number.isFinite(declared) && declared > declaredMax) {
        next(new AppError("UPLOAD_TOO_LARGE", { limitBytes: uploadBytesMax }));
        return;
      }
      parse(request, response, (error?: unknown) => {
        next(error === undefined ? undefined : multipartError(error));
      });
    };
  }

  /** Checks the bytes and re-encodes them; writes nothing. */
  async prepare(file: Express.Multer.File | undefined): Promise<PreparedImage> {
    if (!file || file.size === 0 || file.buffer.length === 0) throw new AppError("UPLOAD_REQUIRED");
    const bytes = file.buffer;
    if (bytes.length > uploadBytesMax) throw new AppError("UPLOAD_TOO_LARGE", { limitBytes: uploadBytesMax });
    const format = sniffImageFormat(bytes);
    if (!format) throw new AppError("UPLOAD_TYPE_INVALID");
    if (!endsWhereFormatEnds(bytes, format))
      throw new AppError("UPLOAD_TYPE_INVALID", { reason: "trailing" });
    try {
      // "error" rather than the default "warning": the structure is checked above, and a
      // camera's harmless quirks should not refuse a member's photo.
      const image = sharp(bytes, { limitInputPixels: inputPixelsMax, failOn: "error" });
      const metadata = await image.metadata();
      if (metadata.format !== format) throw new AppError("UPLOAD_TYPE_INVALID");
      // Without withMetadata() sharp writes no EXIF, XMP, IPTC or ICC: GPS and camera data are gone.
      const { data, info } = await image
        .autoOrient()
        .resize({ width: storedSideMax, height: storedSideMax, fit: "inside", withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: storedJpegQuality })
        .toBuffer({ resolveWithObject: true });
      return {
        bytes: data,
        contentType: "image/jpeg",
        width: info.width,
        height: info.height,
        sha256: createHash("sha256").update(data).digest("hex"),
      };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof Error && /pixel limit/i.test(error.message)) {
        throw new AppError("UPLOAD_TOO_LARGE", { limitPixels: inputPixelsMax }, { cause: error });
      }
      throw new AppError("UPLOAD_TYPE_INVALID", { reason: "undecodable" }, { cause: error });
    }
  }

  /**
   * Runs `work` in one transaction; `save` writes a prepared image and its `uploads` row and
   * returns the row's id. If the transaction fails, every file it wrote is removed. (A crash
   * between a write and the commit can leave a file without a row; it is never served, since
   * reads go through the row.)
   */
  async transaction<T>(db: Db, work: (tx: UploadTx, save: SaveImage) => Promise<T>): Promise<T> {
    const written: string[] = [];
    try {
      return await db.transaction((tx) =>
        work(tx, async (memberId, purpose, image, nowMs) => {
          await this.ensureDir();
          const storedName = `${randomBytes(16).toString("hex")}.jpg`;
          const file = path.join(this.dir, storedName);
          // "wx": never overwrite; 0600: only this service's user reads it.
          await writeFile(file, image.bytes, { mode: 0o600, flag: "wx" }).catch(async (error: unknown) => {
            // A half-written file of ours goes; a name that already existed was never ours.
            if (errorCode(error) !== "EEXIST") await unlink(file).catch(() => undefined);
            throw error;
          });
          written.push(file);
          return insertUpload(tx, {
            memberId,
            purpose,
            storedName,
            contentType: image.contentType,
            bytes: image.bytes.length,
            width: image.width,
            height: image.height,
            sha256: image.sha256,
            createdAtMs: nowMs,
          });
        }),
      );
    } catch (error) {
      await Promise.all(written.map((file) => unlink(file).catch(() => undefined)));
      throw error;
    }
  }

  /**
   * Removes files no `uploads` row names that are older than `orphanAgeMs`: what a crash
   * between writing a file and committing its row leaves behind. Never served (reads go through
   * the row), but identity photos must not linger. Returns how many it removed. Safe to run
   * from several processes on shared storage: a file another removed first is simply gone.
   */
  async sweepOrphans(db: Db, nowMs: number): Promise<number> {
    const names: string[] = await readdir(this.dir).catch((error: unknown) => {
      if (errorCode(error) === "ENOENT") return [];
      throw error;
    });
    let removed = 0;
    for (let start = 0; start < names.length; start += sweepBatch) {
      const batch = names.slice(start, start + sweepBatch);
      const kept = await knownStoredNames(db, batch);
      for (const name of batch) {
        if (kept.has(name)) continue;
        const file = path.join(this.dir, name);
        const info = await stat(file).catch(() => undefined);
        if (!info?.isFile() || nowMs - info.mtimeMs < orphanAgeMs) continue;
        await unlink(file).then(
          () => {
            removed += 1;
          },
          () => undefined,
        );
      }
    }
    return removed;
  }

  /** The bytes and type of an upload, for GET routes (owner or staff); undefined if there is none. */
  async read(
    db: Db,
    id: string,
  ): Promise<{ memberId: string; contentType: string; bytes: Buffer } | undefined> {
    if (!isUuid(id)) return undefined;
    const row = await uploadById(db, id);
    if (!row) return undefined;
    if (!storedNamePattern.test(row.storedName)) throw new Error(`unexpected stored name for upload ${id}`);
    try {
      const bytes = await readFile(path.join(this.dir, row.storedName));
      return { memberId: row.memberId, contentType: row.contentType, bytes };
    } catch (error) {
      if (errorCode(error) === "ENOENT") return undefined;
      throw error;
    }
  }

  /** Creates the folder on first use (0700); an operator's existing folder keeps its owner and mode. */
  private ensureDir(): Promise<void> {
    this.ready ??= (async () => {
      const created = await mkdir(this.dir, { recursive: true, mode: 0o700 });
      if (created !== undefined) await chmod(this.dir, 0o700);
    })().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }
}

/** multer's and busboy's errors as upload codes: too large, or a form we cannot read. */
function multipartError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof multer.MulterError) {
    if (error.code === "LIMIT_FILE_SIZE") {
      return new AppError("UPLOAD_TOO_LARGE", { limitBytes: uploadBytesMax }, { cause: error });
    }
    return new AppError("UPLOAD_FAILED", { reason: error.code, field: error.field }, { cause: error });
  }
  return new AppError("UPLOAD_FAILED", undefined, { cause: error });
}

/** The `code` of a file-system error (`ENOENT`, `EEXIST`), if it has one. */
function errorCode(error: unknown): string | undefined {
  return error instanceof Error && "code" in error && typeof error.code === "string" ? error.code : undefined;
}
