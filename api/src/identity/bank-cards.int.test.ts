import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bankCards, members } from "../db/schema.ts";
import { signInStaff } from "../ops/members.fixtures.ts";
import { seedDemo } from "../seed.ts";
import { registerMember } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { identityCounts, removeTempUploadDirs, tempUploadDir, verifyMember } from "./identity-fixtures.ts";
import { cardsPerMemberMax } from "./rules.ts";

let app: TestApp;
let reviewer: Record<string, string>;

beforeAll(async () => {
  app = await startTestApp({ UPLOAD_DIR: await tempUploadDir() });
  await seedDemo(app.database.db, Date.now());
  ({ auth: reviewer } = await signInStaff(app, "reviewer"));
});
afterAll(async () => {
  await app?.close();
  await removeTempUploadDirs();
});

const realName = "高橋 健太";
const card = (change: Record<string, unknown> = {}) => ({
  holderName: realName,
  cardNumber: "1234 5678 9012 3456",
  cardType: "普通預金",
  bankName: "みずほ銀行",
  branchName: "東京営業部",
  branchCode: "001",
  ...change,
});

/** A member whose real-name verification a reviewer approved, with the name's kana reading if given. */
async function verifiedMember(nameKana?: string) {
  const member = await registerMember(app.url, app.database);
  await verifyMember(app.url, member.auth, reviewer, realName, nameKana);
  return member;
}

const addCard = (auth: Record<string, string>, body: unknown, headers: Record<string, string> = {}) =>
  call(`${app.url}/bank-cards`, "POST", body, { ...auth, ...headers });

async function openWithdrawal(memberId: string, cardId: string, status: "pending" | "checked") {
  await app.database.db.execute(sql`
    insert into withdrawals (member_id, card_id, currency, amount_minor, status, created_at_ms, updated_at_ms)
    values (${memberId}, ${Number(cardId)}, 'JPY', 10000, ${status}, 1, 1)`);
}

describe("adding a bank card", () => {
  it("needs real-name verification first (KYC_REQUIRED), writing nothing; approval makes it possible", async () => {
    const { auth } = await registerMember(app.url, app.database);
    const before = await identityCounts(app.database);
    const refused = await addCard(auth, card());
    expect([refused.status, refused.body.error.code]).toEqual([403, "KYC_REQUIRED"]);
    expect(await identityCounts(app.database)).toEqual(before);

    await verifyMember(app.url, auth, reviewer, realName);
    const added = await addCard(auth, card());
    expect(added.status).toBe(201);
  });

  it("masks the number in the answer to adding it and in every list", async () => {
    const { auth } = await verifiedMember();
    const added = await addCard(auth, card());
    expect(added.body).toMatchObject({
      holderName: realName,
      cardNumberMasked: "**** 3456",
      cardType: "普通預金",
      bankName: "みずほ銀行",
      branchName: "東京営業部",
      branchCode: "001",
      ifsc: "",
      upi: "",
    });
    const list = await call(`${app.url}/bank-cards`, "GET", undefined, auth);
    expect(list.body.items).toEqual([added.body]);
    for (const body of [added.body, list.body]) {
      expect(JSON.stringify(body)).not.toContain("1234567890123456");
    }
  });

  it("accepts the verified name written with other widths and spaces", async () => {
    const { auth } = await verifiedMember();
    const added = await addCard(auth, card({ holderName: " 高橋　　健太 " }));
    expect(added.status).toBe(201);
  });

  it("accepts the kana reading given at verification, as banks print it", async () => {
    const { auth } = await verifiedMember("たかはし けんた");
    // Half-width katakana without a space, as a passbook shows it.
    const added = await addCard(auth, card({ holderName: "ﾀｶﾊｼｹﾝﾀ" }));
    expect(added.status).toBe(201);
    expect(added.body.holderName).toBe("ﾀｶﾊｼｹﾝﾀ");
    const other = await addCard(auth, card({ holderName: "タカハシ ハナコ", cardNumber: "9876 5432" }));
    expect([other.status, other.body.error.code]).toEqual([400, "CARD_HOLDER_MISMATCH"]);
  });

  it("refuses a kana holder name from a member who gave no reading, writing nothing", async () => {
    const { auth } = await verifiedMember();
    const before = await identityCounts(app.database);
    const refused = await addCard(auth, card({ holderName: "タカハシ ケンタ" }));
    expect([refused.status, refused.body.error.code]).toEqual([400, "CARD_HOLDER_MISMATCH"]);
    expect(await identityCounts(app.database)).toEqual(before);
  });

  it("refuses another holder name (CARD_HOLDER_MISMATCH), writing nothing", async () => {
    const { auth } = await verifiedMember();
    const before = await identityCounts(app.database);
    for (const holderName of ["高橋 花子", "高橋健太"]) {
      const refused = await addCard(auth, card({ holderName }));
      expect([refused.status, refused.body.error.code]).toEqual([400, "CARD_HOLDER_MISMATCH"]);
    }
    expect(await identityCounts(app.database)).toEqual(before);
  });

  it("says which field is too long and by how much, each field its own, writing nothing", async () => {
    const { auth } = await verifiedMember();
    const before = await identityCounts(app.database);
    const refused = await addCard(auth, card({ bankName: "銀".repeat(65), branchName: "" }));
    // The first field's issue needs its field to be said, so the error as a whole stays generic.
    expect([refused.status, refused.body.error.code]).toEqual([400, "VALIDATION_FAILED"]);
    expect(refused.body.error.details).toEqual({
      fields: { bankName: "TOO_LONG", branchName: "CARD_FIELD_REQUIRED" },
      params: { bankName: { max: 64 } },
    });
    expect(await identityCounts(app.database)).toEqual(before);
  });

  it("refuses a number the member already has live (CARD_EXISTS), however it is spaced", async () => {
    const { auth } = await verifiedMember();
    await addCard(auth, card());
    const before = await identityCounts(app.database);
    const refused = await addCard(auth, card({ cardNumber: "1234-5678-9012-3456" }));
    expect([refused.status, refused.body.error.code]).toEqual([409, "CARD_EXISTS"]);
    expect(await identityCounts(app.database)).toEqual(before);
  });

  it(`stops at ${cardsPerMemberMax} live cards (CARDS_LIMIT), writing nothing`, async () => {
    const { auth } = await verifiedMember();
    for (let index = 0; index < cardsPerMemberMax; index += 1) {
      expect((await addCard(auth, card({ cardNumber: `99990000${index}` }))).status).toBe(201);
    }
    const before = await identityCounts(app.database);
    const refused = await addCard(auth, card({ cardNumber: "888800001" }));
    expect([refused.status, refused.body.error.code]).toEqual([409, "CARDS_LIMIT"]);
    expect(await identityCounts(app.database)).toEqual(before);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["no holder name", { holderName: "" }, "CARD_FIELD_REQUIRED"],
    ["no bank name", { bankName: "  " }, "CARD_FIELD_REQUIRED"],
    ["no branch code", { branchCode: undefined }, "CARD_FIELD_REQUIRED"],
    ["no card type", { cardType: undefined }, "CARD_FIELD_REQUIRED"],
    ["no branch name", { branchName: "" }, "CARD_FIELD_REQUIRED"],
    ["no card number", { cardNumber: "" }, "CARD_FIELD_REQUIRED"],
    ["letters in the number", { cardNumber: "1234abcd5678" }, "CARD_NUMBER_INVALID"],
  ];
  for (const [what, change, code] of invalid) {
    it(`refuses ${what} (${code}), writing nothing`, async () => {
      const { auth } = await verifiedMember();
      const before = await identityCounts(app.database);
      const refused = await addCard(auth, card(change));
      expect([refused.status, refused.body.error.code]).toEqual([400, code]);
      expect(await identityCounts(app.database)).toEqual(before);
    });
  }

  it("refuses frozen members (ACCOUNT_FROZEN) and strangers (401), writing nothing", async () => {
    const { auth, memberId } = await verifiedMember();
    await app.database.db.update(members).set({ frozen: true }).where(eq(members.id, memberId));
    const before = await identityCounts(app.database);
    const frozen = await addCard(auth, card());
    expect([frozen.status, frozen.body.error.code]).toEqual([403, "ACCOUNT_FROZEN"]);
    expect((await addCard({}, card())).status).toBe(401);
    expect((await call(`${app.url}/bank-cards`, "GET")).status).toBe(401);
    expect((await call(`${app.url}/bank-cards/1`, "DELETE")).status).toBe(401);
    expect(await identityCounts(app.database)).toEqual(before);
  });

  it("answers a retry with the same Idempotency-Key with the first result, adding one card", async () => {
    const { auth, memberId } = await verifiedMember();
    const first = await addCard(auth, card(), { "idempotency-key": "card-1" });
    const retry = await addCard(auth, card(), { "idempotency-key": "card-1" });
    expect([retry.status, retry.body]).toEqual([201, first.body]);
    const rows = await app.database.db.select().from(bankCards).where(eq(bankCards.memberId, memberId));
    expect(rows).toHaveLength(1);
    const reused = await addCard(auth, card({ cardNumber: "55556666" }), { "idempotency-key": "card-1" });
    expect([reused.status, reused.body.error.code]).toEqual([422, "IDEMPOTENCY_KEY_REUSED"]);
  });
});

describe("removing a bank card", () => {
  it("removes the member's own card; the row stays for the withdrawals that named it, and the number may come back", async () => {
    const { auth } = await verifiedMember();
    const added = await addCard(auth, card());
    const removed = await call(`${app.url}/bank-cards/${added.body.id}`, "DELETE", undefined, auth);
    expect([removed.status, removed.body]).toEqual([200, { ok: true }]);
    expect((await call(`${app.url}/bank-cards`, "GET", undefined, auth)).body.items).toEqual([]);
    const [row] = await app.database.db
      .select()
      .from(bankCards)
      .where(eq(bankCards.id, Number(added.body.id)));
    expect(row?.removedAtMs).not.toBeNull();
    const again = await call(`${app.url}/bank-cards/${added.body.id}`, "DELETE", undefined, auth);
    expect([again.status, again.body.error.code]).toEqual([404, "CARD_NOT_FOUND"]);
    expect((await addCard(auth, card())).status).toBe(201);
  });

  it("never touches another member's card: CARD_NOT_FOUND, nothing changed", async () => {
    const owner = await verifiedMember();
    const other = await verifiedMember();
    const added = await addCard(owner.auth, card());
    const before = await identityCounts(app.database);
    for (const id of [added.body.id, "999999999", "x1", "-1"]) {
      const refused = await call(`${app.url}/bank-cards/${id}`, "DELETE", undefined, other.auth);
      expect([refused.status, refused.body.error.code]).toEqual([404, "CARD_NOT_FOUND"]);
    }
    expect(await identityCounts(app.database)).toEqual(before);
    expect((await call(`${app.url}/bank-cards`, "GET", undefined, other.auth)).body.items).toEqual([]);
    expect((await call(`${app.url}/bank-cards`, "GET", undefined, owner.auth)).body.items).toHaveLength(1);
  });

  it("keeps a card an open withdrawal pays out to (FUND_OPERATION_IN_PROGRESS)", async () => {
    for (const status of ["pending", "checked"] as const) {
      const { auth, memberId } = await verifiedMember();
      const added = await addCard(auth, card());
      await openWithdrawal(memberId, added.body.id, status);
      const before = await identityCounts(app.database);
      const refused = await call(`${app.url}/bank-cards/${added.body.id}`, "DELETE", undefined, auth);
      expect([refused.status, refused.body.error.code]).toEqual([409, "FUND_OPERATION_IN_PROGRESS"]);
      expect(await identityCounts(app.database)).toEqual(before);
      await app.database.db.execute(
        sql`update withdrawals set status = 'rejected' where card_id = ${Number(added.body.id)}`,
      );
      expect((await call(`${app.url}/bank-cards/${added.body.id}`, "DELETE", undefined, auth)).status).toBe(
        200,
      );
    }
  });
});

describe("cards in the operations console", () => {
  it("shows staff the full numbers, removed cards included", async () => {
    const { auth, memberId } = await verifiedMember();
    const kept = await addCard(auth, card());
    const gone = await addCard(auth, card({ cardNumber: "77778888" }));
    await call(`${app.url}/bank-cards/${gone.body.id}`, "DELETE", undefined, auth);
    const listed = await call(`${app.url}/ops/bank-cards?memberId=${memberId}`, "GET", undefined, reviewer);
    expect(listed.status).toBe(200);
    expect(listed.body.items).toMatchObject([
      { id: kept.body.id, memberId, cardNumber: "1234567890123456", removedAtMs: null },
      { id: gone.body.id, cardNumber: "77778888" },
    ]);
    expect(listed.body.items[1].removedAtMs).toEqual(expect.any(Number));
  });
});
