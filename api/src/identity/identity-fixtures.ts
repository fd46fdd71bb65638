import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "../db/database.ts";
import { mapOneRow } from "../db/raw-rows.ts";
import { call } from "../testing/test-app.ts";

/** Test helpers for uploads and verification; only tests import this file. */

const tempRoots: string[] = [];

/** A folder of its own for a test app's uploads (UPLOAD_DIR), so files can be counted. */
export async function tempUploadDir(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), "kabuto-uploads-"));
  tempRoots.push(root);
  return path.join(root, "uploads");
}

/** Removes every folder `tempUploadDir` made in this test file. */
export async function removeTempUploadDirs(): Promise<void> {
  const roots = tempRoots.splice(0);
  await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })));
}

export async function filesIn(dir: string): Promise<string[]> {
  return readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
}

/** A real photo-like JPEG made with sharp, optionally carrying EXIF (camera, GPS) and an orientation. */
export async function jpeg(
  options: {
    width?: number;
    height?: number;
    exif?: Record<string, Record<string, string>>;
    orientation?: number;
  } = {},
): Promise<Buffer> {
  const image = sharp({
    create: {
      width: options.width ?? 64,
      height: options.height ?? 40,
      channels: 3,
      background: { r: 200, g: 120, b: 40 },
    },
  });
  const withMeta =
    options.exif || options.orientation
      ? image.withMetadata({
          ...(options.exif ? { exif: options.exif } : {}),
          ...(options.orientation ? { orientation: options.orientation } : {}),
        })
      : image;
  return withMeta.jpeg().toBuffer();
}

export async function png(width = 48, height = 32): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 90, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

export async function webp(width = 48, height = 32): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 200, b: 10 } } })
    .webp()
    .toBuffer();
}

export interface FilePart {
  bytes: Uint8Array;
  name: string;
  type: string;
}

/** Posts multipart/form-data the way a browser does. */
export async function postForm(
  url: string,
  fields: Record<string, string>,
  files: Record<string, FilePart>,
  headers: Record<string, string> = {},
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response bodies and assert on them.
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    form.append(name, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  }
  const response = await fetch(url, { method: "POST", body: form, headers });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

export const kycFields = { documentType: "driving_licence", name: "佐藤 花子", idNumber: "123456789012" };

/** A complete verification request: the fields and two real JPEGs. */
export async function submitKyc(
  url: string,
  auth: Record<string, string>,
  fields: Record<string, string> = kycFields,
) {
  const image = await jpeg();
  return postForm(
    `${url}/kyc`,
    fields,
    {
      front: { bytes: image, name: "front.jpg", type: "image/jpeg" },
      back: { bytes: image, name: "back.jpg", type: "image/jpeg" },
    },
    auth,
  );
}

/** Sends a verification request and has a reviewer approve it. */
export async function verifyMember(
  url: string,
  memberAuth: Record<string, string>,
  staffAuth: Record<string, string>,
  name = kycFields.name,
  nameKana?: string,
): Promise<void> {
  const submitted = await submitKyc(url, memberAuth, {
    ...kycFields,
    name,
    ...(nameKana ? { nameKana } : {}),
  });
  if (submitted.status !== 201) throw new Error(`KYC submission failed: ${JSON.stringify(submitted.body)}`);
  const reviewed = await call(
    `${url}/ops/kyc/${submitted.body.application.id}/review`,
    "POST",
    { decision: "approve" },
    staffAuth,
  );
  if (reviewed.status !== 200) throw new Error(`KYC approval failed: ${JSON.stringify(reviewed.body)}`);
}

/**
 * Row counts of the tables identity writes, to show a refusal changed nothing. A type, not an
 * interface, so tests may hold it as a plain `Record<string, number>`.
 */
export type IdentityCounts = {
  uploads: number;
  applications: number;
  cards: number;
  removed_cards: number;
  audit: number;
  members_touched: number;
};

export async function identityCounts(database: Database): Promise<IdentityCounts> {
  return mapOneRow(
    await database.db.execute(sql`
      select (select count(*)::int from uploads) as uploads,
             (select count(*)::int from kyc_applications) as applications,
             (select count(*)::int from bank_cards) as cards,
             (select count(*)::int from bank_cards where removed_at_ms is not null) as removed_cards,
             (select count(*)::int from audit_log) as audit,
             (select count(*)::int from members where verification <> 'unverified') as members_touched`),
    (row) => ({
      uploads: row.int("uploads"),
      applications: row.int("applications"),
      cards: row.int("cards"),
      removed_cards: row.int("removed_cards"),
      audit: row.int("audit"),
      members_touched: row.int("members_touched"),
    }),
  );
}
