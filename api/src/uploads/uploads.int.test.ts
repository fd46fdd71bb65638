import { readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import {
  filesIn,
  identityCounts,
  jpeg,
  kycFields,
  png,
  postForm,
  removeTempUploadDirs,
  submitKyc,
  tempUploadDir,
  webp,
} from "../identity/identity-fixtures.ts";
import { signInStaff } from "../ops/members.fixtures.ts";
import { seedDemo } from "../seed.ts";
import { registerMember } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { orphanAgeMs, UploadStore, uploadBytesMax } from "./upload-store.ts";

let app: TestApp;
let uploadDir: string;

beforeAll(async () => {
  uploadDir = await tempUploadDir();
  app = await startTestApp({ UPLOAD_DIR: uploadDir });
  await seedDemo(app.database.db, Date.now());
});
afterAll(async () => {
  await app?.close();
  await removeTempUploadDirs();
});

/** What multer hands a route: only the buffer and its size matter to the store. */
function asFile(bytes: Uint8Array): Express.Multer.File {
  const buffer = Buffer.from(bytes);
  return { buffer, size: buffer.length } as Express.Multer.File;
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  throw new Error("expected a refusal");
}

/** A PNG whose header claims a size it cannot hold: a decompression bomb in miniature. */
async function pixelBomb(): Promise<Buffer> {
  const bytes = Buffer.from(await png(8, 8));
  bytes.writeUInt32BE(20_000, 16);
  bytes.writeUInt32BE(20_000, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

describe("UploadStore.prepare", () => {
  const store = new UploadStore("/nonexistent/never-written");

  it("re-encodes to JPEG with every piece of metadata gone: EXIF, GPS, camera", async () => {
    const original = await jpeg({
      exif: {
        IFD0: { Make: "KabutoCam", Model: "Spy 3000", Copyright: "secret-owner" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "35/1 39/1 29/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "139/1 44/1 28/1",
        },
      },
    });
    const before = await sharp(original).metadata();
    // The GPS IFD pointer (tag 0x8825, little-endian) is in the original's EXIF.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(original.includes("KabutoCam")).toBe(true);
    const prepared = await store.prepare(asFile(original));
    const after = await sharp(prepared.bytes).metadata();
    expect(after.format).toBe("jpeg");
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    for (const trace of ["Exif", "KabutoCam", "Spy 3000", "secret-owner", "GPS"]) {
      expect(prepared.bytes.includes(trace)).toBe(false);
    }
    expect(prepared).toMatchObject({ contentType: "image/jpeg", width: 64, height: 40 });
    expect(prepared.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("turns the picture upright and drops the orientation tag", async () => {
    const sideways = await jpeg({ width: 64, height: 40, orientation: 6 });
    const prepared = await store.prepare(asFile(sideways));
    const after = await sharp(prepared.bytes).metadata();
    expect([after.width, after.height, after.orientation]).toEqual([40, 64, undefined]);
  });

  it("takes PNG (transparency on white) and WebP, and bounds the long side", async () => {
    expect(await store.prepare(asFile(await png()))).toMatchObject({ contentType: "image/jpeg", width: 48 });
    expect(await store.prepare(asFile(await webp()))).toMatchObject({ contentType: "image/jpeg", width: 48 });
    const panorama = await jpeg({ width: 4_000, height: 1_000 });
    expect(await store.prepare(asFile(panorama))).toMatchObject({ width: 2_560, height: 640 });
  });

  it("refuses what is not an image, or carries more than one, or claims more pixels than it may", async () => {
    expect(await refusal(store.prepare(undefined))).toBe("UPLOAD_REQUIRED");
    expect(await refusal(store.prepare(asFile(Buffer.alloc(0))))).toBe("UPLOAD_REQUIRED");
    expect(await refusal(store.prepare(asFile(Buffer.from("%PDF-1.4 fake"))))).toBe("UPLOAD_TYPE_INVALID");
    const polyglot = Buffer.concat([await jpeg(), Buffer.from("<script>alert(1)</script>")]);
    expect(await refusal(store.prepare(asFile(polyglot)))).toBe("UPLOAD_TYPE_INVALID");
    expect(await refusal(store.prepare(asFile(await pixelBomb())))).toBe("UPLOAD_TOO_LARGE");
    const huge = Buffer.alloc(uploadBytesMax + 1, 0);
    huge.set([0xff, 0xd8, 0xff]);
    expect(await refusal(store.prepare(asFile(huge)))).toBe("UPLOAD_TOO_LARGE");
  });

  it("refuses bytes that look like an image but do not decode", async () => {
    const image = Buffer.from(await jpeg({ width: 200, height: 120 }));
    // Scribble over the frame header (SOF) so the structure still chains up but no decoder accepts it.
    const sof = image.indexOf(Buffer.from([0xff, 0xc0]));
    image.fill(0x00, sof + 4, sof + 9);
    expect(await refusal(store.prepare(asFile(image)))).toBe("UPLOAD_TYPE_INVALID");
  });
});

describe("UploadStore.transaction", () => {
  it("keeps the file and its row when the transaction commits: 0700 folder, 0600 file, generated name", async () => {
    const dir = await tempUploadDir();
    const store = new UploadStore(dir);
    const { memberId } = await registerMember(app.url, app.database);
    const image = await store.prepare(asFile(await jpeg()));
    const id = await store.transaction(app.database.db, (_tx, save) =>
      save(memberId, "receipt", image, 1_000),
    );
    const names = await readdir(dir);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(dir, names[0] as string))).mode & 0o777).toBe(0o600);
    const read = await store.read(app.database.db, id);
    expect(read).toMatchObject({ memberId, contentType: "image/jpeg" });
    expect(read?.bytes.equals(image.bytes)).toBe(true);
  });

  it("removes every file it wrote when the transaction fails, and leaves no row", async () => {
    const dir = await tempUploadDir();
    const store = new UploadStore(dir);
    const { memberId } = await registerMember(app.url, app.database);
    const image = await store.prepare(asFile(await jpeg()));
    const before = await identityCounts(app.database);
    await expect(
      store.transaction(app.database.db, async (_tx, save) => {
        await save(memberId, "kyc_front", image, 1_000);
        await save(memberId, "kyc_back", image, 1_000);
        throw new AppError("KYC_PENDING");
      }),
    ).rejects.toThrow("KYC_PENDING");
    expect(await filesIn(dir)).toEqual([]);
    expect(await identityCounts(app.database)).toEqual(before);
  });

  it("sweeps files a crash left without a row once they are an hour old, and nothing else", async () => {
    const dir = await tempUploadDir();
    const store = new UploadStore(dir);
    const { memberId } = await registerMember(app.url, app.database);
    const image = await store.prepare(asFile(await jpeg()));
    await store.transaction(app.database.db, (_tx, save) => save(memberId, "receipt", image, 1_000));
    const [kept] = await readdir(dir);
    // What a crash between the write and the commit leaves: a file no row names.
    const orphan = path.join(dir, `${"ab".repeat(16)}.jpg`);
    await writeFile(orphan, image.bytes, { mode: 0o600 });
    const writtenMs = (await stat(orphan)).mtimeMs;
    // Younger than an hour, it may belong to a transaction still in flight: left alone.
    expect(await store.sweepOrphans(app.database.db, writtenMs + orphanAgeMs - 1_000)).toBe(0);
    expect(await filesIn(dir)).toHaveLength(2);
    expect(await store.sweepOrphans(app.database.db, writtenMs + orphanAgeMs + 1_000)).toBe(1);
    expect(await readdir(dir)).toEqual([kept]);
    // A folder that does not exist yet has nothing to sweep.
    expect(await new UploadStore(path.join(dir, "missing")).sweepOrphans(app.database.db, Date.now())).toBe(
      0,
    );
  });

  it("reads nothing for ids that are unknown or not ids at all", async () => {
    const store = new UploadStore(await tempUploadDir());
    expect(await store.read(app.database.db, "3f1e0b8e-0000-4000-8000-000000000000")).toBeUndefined();
    expect(await store.read(app.database.db, "../../etc/passwd")).toBeUndefined();
  });
});

describe("uploading through a route (POST /kyc)", () => {
  const validImage = async (name: string, type = "image/jpeg") => ({ bytes: await jpeg(), name, type });

  async function expectNothingStored(before: Record<string, number>, files: string[]) {
    expect(await identityCounts(app.database)).toEqual(before);
    expect(await filesIn(uploadDir)).toEqual(files);
  }

  const refusals: [
    string,
    () => Promise<{ bytes: Uint8Array; name: string; type: string }>,
    number,
    string,
  ][] = [
    [
      "a PDF renamed x.jpg and sent as image/jpeg",
      async () => ({
        bytes: Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj<<>>endobj\n"),
        name: "x.jpg",
        type: "image/jpeg",
      }),
      415,
      "UPLOAD_TYPE_INVALID",
    ],
    [
      "an HTML page renamed x.jpg and sent as image/jpeg",
      async () => ({
        bytes: Buffer.from("<html><body><script>fetch('/api/v1/me')</script></body></html>"),
        name: "x.jpg",
        type: "image/jpeg",
      }),
      415,
      "UPLOAD_TYPE_INVALID",
    ],
    [
      "a valid JPEG with a script appended",
      async () => ({
        bytes: Buffer.concat([await jpeg(), Buffer.from("<script>alert(document.cookie)</script>")]),
        name: "photo.jpg",
        type: "image/jpeg",
      }),
      415,
      "UPLOAD_TYPE_INVALID",
    ],
    [
      "a file over the size bound",
      async () => {
        const bytes = Buffer.alloc(uploadBytesMax + 1_024, 0x20);
        bytes.set(await jpeg());
        return { bytes, name: "big.jpg", type: "image/jpeg" };
      },
      413,
      "UPLOAD_TOO_LARGE",
    ],
  ];
  for (const [what, make, status, code] of refusals) {
    it(`refuses ${what} with ${code}, storing nothing`, async () => {
      const { auth } = await registerMember(app.url, app.database);
      const before = await identityCounts(app.database);
      const files = await filesIn(uploadDir);
      const sent = await postForm(
        `${app.url}/kyc`,
        kycFields,
        { front: await make(), back: await validImage("back.jpg") },
        auth,
      );
      expect([sent.status, sent.body.error.code]).toEqual([status, code]);
      await expectNothingStored(before, files);
    });
  }

  it("refuses a body that declares itself too large before reading it", async () => {
    const { auth } = await registerMember(app.url, app.database);
    const before = await identityCounts(app.database);
    const files = await filesIn(uploadDir);
    const large = Buffer.alloc(2 * uploadBytesMax + 256 * 1024, 0x20);
    const sent = await postForm(
      `${app.url}/kyc`,
      kycFields,
      { front: { bytes: large, name: "a.jpg", type: "image/jpeg" }, back: await validImage("b.jpg") },
      auth,
    );
    expect([sent.status, sent.body.error.code]).toEqual([413, "UPLOAD_TOO_LARGE"]);
    await expectNothingStored(before, files);
  });

  it("refuses an unexpected file field, storing nothing", async () => {
    const { auth } = await registerMember(app.url, app.database);
    const before = await identityCounts(app.database);
    const files = await filesIn(uploadDir);
    const sent = await postForm(
      `${app.url}/kyc`,
      kycFields,
      { front: await validImage("f.jpg"), back: await validImage("b.jpg"), extra: await validImage("e.jpg") },
      auth,
    );
    expect([sent.status, sent.body.error.code]).toEqual([400, "UPLOAD_FAILED"]);
    await expectNothingStored(before, files);
  });

  it("refuses strangers before reading the body", async () => {
    const before = await identityCounts(app.database);
    const files = await filesIn(uploadDir);
    const sent = await postForm(`${app.url}/kyc`, kycFields, {
      front: await validImage("f.jpg"),
      back: await validImage("b.jpg"),
    });
    expect([sent.status, sent.body.error.code]).toEqual([401, "UNAUTHENTICATED"]);
    await expectNothingStored(before, files);
  });

  it("ignores path-like file names entirely: the images land under generated names in the folder", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    const files = await filesIn(uploadDir);
    const sent = await postForm(
      `${app.url}/kyc`,
      kycFields,
      {
        front: { bytes: await jpeg(), name: "../../etc/passwd.jpg", type: "image/jpeg" },
        back: { bytes: await png(), name: "..\\x.png", type: "image/png" },
      },
      auth,
    );
    expect(sent.status).toBe(201);
    const added = (await filesIn(uploadDir)).filter((name) => !files.includes(name));
    expect(added).toHaveLength(2);
    for (const name of added) expect(name).toMatch(/^[0-9a-f]{32}\.jpg$/);
    // Nothing was written beside or above the folder.
    expect(await readdir(path.dirname(uploadDir))).toEqual(["uploads"]);
    const rows = await app.database.db.query.uploads.findMany({
      where: (table, { eq }) => eq(table.memberId, memberId),
    });
    expect(rows.map((row) => row.storedName).sort()).toEqual([...added].sort());
  });
});

describe("reading uploads back", () => {
  it("gives the owner their image with headers that keep a browser from treating it as anything else", async () => {
    const { auth } = await registerMember(app.url, app.database);
    const submitted = await submitKyc(app.url, auth);
    const id = submitted.body.application.frontUploadId;
    const response = await fetch(`${app.url}/uploads/${id}`, { headers: auth });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe("jpeg");
  });

  it("hides an image from every other member (404), from strangers (401), and serves it to staff only under /ops", async () => {
    const owner = await registerMember(app.url, app.database);
    const other = await registerMember(app.url, app.database);
    const submitted = await submitKyc(app.url, owner.auth);
    const { frontUploadId, backUploadId } = submitted.body.application;
    for (const id of [frontUploadId, backUploadId]) {
      const foreign = await call(`${app.url}/uploads/${id}`, "GET", undefined, other.auth);
      expect([foreign.status, foreign.body.error.code]).toEqual([404, "UPLOAD_NOT_FOUND"]);
      const stranger = await call(`${app.url}/uploads/${id}`, "GET");
      expect([stranger.status, stranger.body.error.code]).toEqual([401, "UNAUTHENTICATED"]);
      const memberOnOps = await call(`${app.url}/ops/uploads/${id}`, "GET", undefined, owner.auth);
      expect([memberOnOps.status, memberOnOps.body.error.code]).toEqual([403, "FORBIDDEN"]);
      const nobodyOnOps = await call(`${app.url}/ops/uploads/${id}`, "GET");
      expect([nobodyOnOps.status, nobodyOnOps.body.error.code]).toEqual([401, "STAFF_UNAUTHENTICATED"]);
    }
    const staff = await signInStaff(app, "reviewer");
    const asStaff = await fetch(`${app.url}/ops/uploads/${frontUploadId}`, { headers: staff.auth });
    expect(asStaff.status).toBe(200);
    expect(asStaff.headers.get("content-type")).toBe("image/jpeg");
    expect(asStaff.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    const missing = await call(`${app.url}/ops/uploads/not-an-id`, "GET", undefined, staff.auth);
    expect([missing.status, missing.body.error.code]).toEqual([404, "UPLOAD_NOT_FOUND"]);
  });
});
