import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../db/rows.ts";
import { members, orders } from "../db/schema.ts";
import { signInStaff } from "../ops/members.fixtures.ts";
import { demoMember, seedDemo } from "../seed.ts";
import { fund, registerMember, setMarket } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import {
  filesIn,
  identityCounts,
  jpeg,
  kycFields,
  postForm,
  removeTempUploadDirs,
  submitKyc,
  tempUploadDir,
} from "./identity-fixtures.ts";

let app: TestApp;
let uploadDir: string;
let reviewer: Record<string, string>;
let reviewerId: string;

beforeAll(async () => {
  uploadDir = await tempUploadDir();
  app = await startTestApp({ UPLOAD_DIR: uploadDir });
  await seedDemo(app.database.db, Date.now());
  ({ auth: reviewer, staffId: reviewerId } = await signInStaff(app, "reviewer"));
});
afterAll(async () => {
  await app?.close();
  await removeTempUploadDirs();
});

async function verificationOf(memberId: string) {
  const [row] = await app.database.db
    .select({ verification: members.verification, realName: members.realName })
    .from(members)
    .where(eq(members.id, memberId));
  return row;
}

async function auditFor(target: string) {
  return rowsOf(
    await app.database.db.execute(sql`select * from audit_log where target = ${target} order by id`),
  );
}

async function snapshot() {
  return { counts: await identityCounts(app.database), files: await filesIn(uploadDir) };
}

const review = (id: string, body: unknown, auth = reviewer) =>
  call(`${app.url}/ops/kyc/${id}/review`, "POST", body, auth);

describe("a member applying for real-name verification", () => {
  it("starts unverified with no application", async () => {
    const { auth } = await registerMember(app.url, app.database);
    const status = await call(`${app.url}/kyc`, "GET", undefined, auth);
    expect(status.body).toEqual({ verification: "unverified", application: null });
  });

  it("sends name, number and both images; the application is pending and the number comes back masked", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    const submitted = await submitKyc(app.url, auth);
    expect(submitted.status).toBe(201);
    expect(submitted.body).toMatchObject({
      verification: "pending",
      application: {
        documentType: "driving_licence",
        name: kycFields.name,
        idNumberMasked: "**** 9012",
        status: "pending",
        reason: null,
        reviewedAtMs: null,
      },
    });
    expect(JSON.stringify(submitted.body)).not.toContain(kycFields.idNumber);
    const status = await call(`${app.url}/kyc`, "GET", undefined, auth);
    expect(status.body).toEqual(submitted.body);
    expect(await verificationOf(memberId)).toEqual({ verification: "pending", realName: null });
  });

  it("is refused while an application is pending (KYC_PENDING), changing nothing", async () => {
    const { auth } = await registerMember(app.url, app.database);
    await submitKyc(app.url, auth);
    const before = await snapshot();
    const again = await submitKyc(app.url, auth);
    expect([again.status, again.body.error.code]).toEqual([409, "KYC_PENDING"]);
    expect(await snapshot()).toEqual(before);
  });

  it("answers a retry with the same Idempotency-Key with the first result, acting once", async () => {
    const { auth } = await registerMember(app.url, app.database);
    const headers = { ...auth, "idempotency-key": "kyc-retry-1" };
    const first = await submitKyc(app.url, headers);
    const before = await snapshot();
    const retry = await submitKyc(app.url, headers);
    expect([retry.status, retry.body]).toEqual([201, first.body]);
    expect(await snapshot()).toEqual(before);
  });

  it("answers a retry with its first result even after the member was frozen meanwhile", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    const headers = { ...auth, "idempotency-key": "kyc-before-the-freeze" };
    const first = await submitKyc(app.url, headers);
    expect(first.status).toBe(201);
    await app.database.db.update(members).set({ frozen: true }).where(eq(members.id, memberId));
    const before = await snapshot();
    const retry = await submitKyc(app.url, headers);
    expect([retry.status, retry.body]).toEqual([201, first.body]);
    expect(await snapshot()).toEqual(before);
  });

  const missingImages: [string, string[]][] = [
    ["the back image", ["front"]],
    ["the front image", ["back"]],
    ["both images", []],
  ];
  for (const [what, sent] of missingImages) {
    it(`is refused without ${what} (UPLOAD_REQUIRED), storing nothing`, async () => {
      const { auth } = await registerMember(app.url, app.database);
      const before = await snapshot();
      const image = await jpeg();
      const files = Object.fromEntries(
        sent.map((side) => [side, { bytes: image, name: `${side}.jpg`, type: "image/jpeg" }]),
      );
      const response = await postForm(`${app.url}/kyc`, kycFields, files, auth);
      expect([response.status, response.body.error.code]).toEqual([400, "UPLOAD_REQUIRED"]);
      for (const side of ["front", "back"].filter((name) => !sent.includes(name))) {
        expect(response.body.error.details.fields[side]).toBe("UPLOAD_REQUIRED");
      }
      expect(await snapshot()).toEqual(before);
    });
  }

  const badFields: [string, Record<string, string>, string][] = [
    ["no name", { name: " " }, "NAME_REQUIRED"],
    ["no ID number", { idNumber: "" }, "ID_NUMBER_REQUIRED"],
    ["a malformed ID number", { idNumber: "12/34<script>" }, "ID_NUMBER_INVALID"],
    ["an unknown document type", { documentType: "library_card" }, "DOCUMENT_TYPE_INVALID"],
    ["a reading that is not kana", { nameKana: "Sato Hanako" }, "NAME_KANA_INVALID"],
    ["a reading in kanji", { nameKana: "佐藤 花子" }, "NAME_KANA_INVALID"],
  ];
  for (const [what, change, code] of badFields) {
    it(`is refused with ${what} (${code}), storing nothing`, async () => {
      const { auth } = await registerMember(app.url, app.database);
      const before = await snapshot();
      const response = await submitKyc(app.url, auth, { ...kycFields, ...change });
      expect([response.status, response.body.error.code]).toEqual([400, code]);
      expect(await snapshot()).toEqual(before);
    });
  }

  it("is refused for a frozen member (ACCOUNT_FROZEN) and for strangers (401), storing nothing", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    await app.database.db.update(members).set({ frozen: true }).where(eq(members.id, memberId));
    const before = await snapshot();
    const frozen = await submitKyc(app.url, auth);
    expect([frozen.status, frozen.body.error.code]).toEqual([403, "ACCOUNT_FROZEN"]);
    const stranger = await submitKyc(app.url, {});
    expect([stranger.status, stranger.body.error.code]).toEqual([401, "UNAUTHENTICATED"]);
    expect((await call(`${app.url}/kyc`, "GET")).status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it("takes each of the alternative documents", async () => {
    for (const documentType of ["id_card", "health_insurance"]) {
      const { auth } = await registerMember(app.url, app.database);
      const response = await submitKyc(app.url, auth, { ...kycFields, documentType });
      expect([response.status, response.body.application.documentType]).toEqual([201, documentType]);
    }
  });
});

describe("reviewing applications", () => {
  it("is for staff only: members get 403 and strangers 401 on every /ops/kyc route", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    const submitted = await submitKyc(app.url, auth);
    const id = submitted.body.application.id;
    const before = await snapshot();
    const routes: [string, string, unknown][] = [
      ["GET", "/ops/kyc", undefined],
      ["GET", `/ops/kyc/${id}`, undefined],
      ["POST", `/ops/kyc/${id}/review`, { decision: "approve" }],
      ["GET", `/ops/bank-cards?memberId=${memberId}`, undefined],
    ];
    for (const [method, path, body] of routes) {
      const asMember = await call(`${app.url}${path}`, method, body, auth);
      expect([path, asMember.status, asMember.body.error.code]).toEqual([path, 403, "FORBIDDEN"]);
      const asNobody = await call(`${app.url}${path}`, method, body);
      expect([path, asNobody.status, asNobody.body.error.code]).toEqual([path, 401, "STAFF_UNAUTHENTICATED"]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("lists pending applications oldest first with the member's account", async () => {
    const first = await registerMember(app.url, app.database);
    const second = await registerMember(app.url, app.database);
    const a = await submitKyc(app.url, first.auth);
    const b = await submitKyc(app.url, second.auth);
    const queue = await call(`${app.url}/ops/kyc`, "GET", undefined, reviewer);
    expect(queue.status).toBe(200);
    const ids = queue.body.items.map((item: { id: string }) => item.id);
    expect(ids.indexOf(a.body.application.id)).toBeLessThan(ids.indexOf(b.body.application.id));
    expect(ids.map(Number)).toEqual([...ids.map(Number)].sort((x, y) => x - y));
    const item = queue.body.items.find((entry: { id: string }) => entry.id === a.body.application.id);
    const [member] = await app.database.db.select().from(members).where(eq(members.id, first.memberId));
    expect(item).toMatchObject({
      memberId: first.memberId,
      memberAccount: member?.account,
      idNumber: kycFields.idNumber,
      status: "pending",
    });
    const invalid = await call(`${app.url}/ops/kyc?status=lost`, "GET", undefined, reviewer);
    expect([invalid.status, invalid.body.error.code]).toEqual([400, "VALIDATION_FAILED"]);
  });

  it("needs a reason to reject (REASON_REQUIRED), changing nothing", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    const submitted = await submitKyc(app.url, auth);
    const before = await snapshot();
    for (const body of [{ decision: "reject" }, { decision: "reject", reason: "   " }]) {
      const refused = await review(submitted.body.application.id, body);
      expect([refused.status, refused.body.error.code]).toEqual([400, "REASON_REQUIRED"]);
    }
    const nonsense = await review(submitted.body.application.id, { decision: "maybe" });
    expect([nonsense.status, nonsense.body.error.code]).toEqual([400, "VALIDATION_FAILED"]);
    expect(await snapshot()).toEqual(before);
    expect((await verificationOf(memberId))?.verification).toBe("pending");
  });

  it("rejects with a reason the member reads, audited; the member may then apply again", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    const submitted = await submitKyc(app.url, auth);
    const id = submitted.body.application.id;
    const rejected = await review(id, { decision: "reject", reason: "The back image is blurred" });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: "rejected", reviewedBy: reviewerId });
    const status = await call(`${app.url}/kyc`, "GET", undefined, auth);
    expect(status.body).toMatchObject({
      verification: "rejected",
      application: { id, status: "rejected", reason: "The back image is blurred" },
    });
    const [audit] = await auditFor(`kyc:${id}`);
    expect(audit).toMatchObject({
      staff_id: reviewerId,
      action: "kyc.reject",
      reason: "The back image is blurred",
      before: { status: "pending", verification: "pending", memberId },
      after: { status: "rejected", verification: "rejected", memberId },
    });
    const again = await submitKyc(app.url, auth, {
      ...kycFields,
      name: "佐藤 花子",
      idNumber: "ABCD-998877",
    });
    expect(again.status).toBe(201);
    expect((await verificationOf(memberId))?.verification).toBe("pending");

    const detail = await call(`${app.url}/ops/kyc/${again.body.application.id}`, "GET", undefined, reviewer);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      idNumber: "ABCD-998877",
      frontUploadId: again.body.application.frontUploadId,
      backUploadId: again.body.application.backUploadId,
      member: { id: memberId, verification: "pending", realName: null },
      history: [
        { id, status: "rejected", reason: "The back image is blurred", idNumber: kycFields.idNumber },
      ],
    });
  });

  it("approves: the member is verified under the application's name, audited in the same step", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    const submitted = await submitKyc(app.url, auth, {
      ...kycFields,
      name: "鈴木 一郎",
      nameKana: "スズキ イチロウ",
    });
    const id = submitted.body.application.id;
    expect(submitted.body.application).toMatchObject({ name: "鈴木 一郎", nameKana: "スズキ イチロウ" });
    const detail = await call(`${app.url}/ops/kyc/${id}`, "GET", undefined, reviewer);
    expect(detail.body).toMatchObject({ nameKana: "スズキ イチロウ", member: { realNameKana: null } });
    const approved = await review(id, { decision: "approve" });
    expect([approved.status, approved.body.status]).toEqual([200, "approved"]);
    expect(await verificationOf(memberId)).toEqual({ verification: "verified", realName: "鈴木 一郎" });
    const security = await call(`${app.url}/me/security`, "GET", undefined, auth);
    expect(security.body).toMatchObject({ verification: "verified", realName: "鈴木 一郎" });
    const [audit] = await auditFor(`kyc:${id}`);
    expect(audit).toMatchObject({
      action: "kyc.approve",
      before: { verification: "pending", realName: null },
      after: {
        verification: "verified",
        realName: "鈴木 一郎",
        realNameKana: "スズキ イチロウ",
        status: "approved",
      },
    });

    const before = await snapshot();
    const twice = await review(id, { decision: "reject", reason: "changed my mind" });
    expect([twice.status, twice.body.error.code]).toEqual([409, "REQUEST_NOT_PENDING"]);
    const reapply = await submitKyc(app.url, auth);
    expect([reapply.status, reapply.body.error.code]).toEqual([409, "KYC_ALREADY_VERIFIED"]);
    expect(await snapshot()).toEqual(before);
    const listed = await call(`${app.url}/ops/kyc?status=approved`, "GET", undefined, reviewer);
    expect(listed.body.items[0]).toMatchObject({ id, status: "approved" });
  });

  it("finds no application for unknown or malformed ids (KYC_NOT_FOUND)", async () => {
    for (const id of ["999999999", "abc", "1;drop"]) {
      const detail = await call(`${app.url}/ops/kyc/${id}`, "GET", undefined, reviewer);
      expect([detail.status, detail.body.error.code]).toEqual([404, "KYC_NOT_FOUND"]);
      const decided = await review(id, { decision: "approve" });
      expect([decided.status, decided.body.error.code]).toEqual([404, "KYC_NOT_FOUND"]);
    }
  });
});

describe("the trading gate", () => {
  it("refuses orders from unverified members when KYC_REQUIRED_FOR_TRADING is on, writing nothing", async () => {
    const gated = await startTestApp({ KYC_REQUIRED_FOR_TRADING: "1", UPLOAD_DIR: await tempUploadDir() });
    try {
      await seedDemo(gated.database.db, Date.now());
      setMarket(gated.bus, "JP:7203", [["2650", 1_000]], [["2650.5", 1_000]]);
      const order = { symbol: "JP:7203", side: "long", type: "market", quantity: 100, leverage: 1 };
      const { auth, memberId } = await registerMember(gated.url, gated.database);
      await fund(gated.database, memberId, "JPY", 1_000_000n);
      const refused = await call(`${gated.url}/orders`, "POST", order, auth);
      expect([refused.status, refused.body.error.code]).toEqual([403, "KYC_REQUIRED"]);
      const [placed] = await gated.database.db.select({ n: count() }).from(orders);
      expect(placed?.n).toBe(0);

      const staff = await signInStaff(gated, "reviewer");
      const submitted = await submitKyc(gated.url, auth);
      await call(
        `${gated.url}/ops/kyc/${submitted.body.application.id}/review`,
        "POST",
        { decision: "approve" },
        staff.auth,
      );
      const accepted = await call(`${gated.url}/orders`, "POST", order, auth);
      expect([accepted.status, accepted.body.status]).toEqual([201, "filled"]);
    } finally {
      await gated.close();
    }
  });

  it("lets the seeded demo member trade at once: it is verified under a real name", async () => {
    const [demo] = await app.database.db
      .select()
      .from(members)
      .where(eq(members.account, demoMember.account));
    expect(demo).toMatchObject({ verification: "verified", realName: demoMember.realName });
  });
});
