import type { AccountEvent } from "@kabuto/shared/protocol/socket";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../db/rows.ts";
import { jpeg, postForm } from "../identity/identity-fixtures.ts";
import { signInStaff } from "../ops/members.fixtures.ts";
import { seedDemo } from "../seed.ts";
import { fund, registerMember } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { openRequestConflict } from "./fund-requests.ts";
import { createChannel, fundPassword, readyToWithdraw, setFx } from "./funding-fixtures.ts";

let app: TestApp;
/** Every account event the API sent, in order, with the member it went to. */
const events: { memberId: string; event: AccountEvent }[] = [];
let reviewer: Record<string, string>;
let checker: Record<string, string>;

beforeAll(async () => {
  app = await startTestApp({}, { accountEvents: (memberId, event) => events.push({ memberId, event }) });
  await seedDemo(app.database.db, Date.now());
  reviewer = (await signInStaff(app, "reviewer")).auth;
  checker = (await signInStaff(app, "reviewer")).auth;
});
afterAll(async () => {
  await app?.close();
});

function eventsOf(memberId: string) {
  return events.filter((entry) => entry.memberId === memberId).map((entry) => entry.event);
}

describe("account events", () => {
  it("tell the member's sockets about each balance change once it has committed, and only then", async () => {
    const supervisor = (await signInStaff(app, "supervisor")).auth;
    const channelId = await createChannel(app.url, supervisor);
    const { auth, memberId } = await registerMember(app.url, app.database);
    const cardId = await readyToWithdraw(app.database, memberId);

    const made = await postForm(
      `${app.url}/deposits`,
      { channelId, amount: "100000" },
      { receipt: { bytes: await jpeg(), name: "r.jpg", type: "image/jpeg" } },
      auth,
    );
    expect(made.status).toBe(201);
    expect(eventsOf(memberId)).toEqual([]);
    await call(`${app.url}/ops/deposits/${made.body.id}/review`, "POST", { decision: "approve" }, reviewer);
    expect(eventsOf(memberId)).toEqual([{ type: "balance", id: "JPY" }]);

    const request = { cardId, currency: "JPY", amount: "20000", fundPassword };
    const refused = await call(`${app.url}/withdrawals`, "POST", { ...request, amount: "999999" }, auth);
    expect(refused.body.error.code).toBe("INSUFFICIENT_WITHDRAWABLE");
    expect(eventsOf(memberId)).toHaveLength(1);
    const withdrawal = await call(`${app.url}/withdrawals`, "POST", request, auth);
    expect(eventsOf(memberId)).toHaveLength(2);
    await call(`${app.url}/ops/withdrawals/${withdrawal.body.id}/check`, "POST", {}, reviewer);
    expect(eventsOf(memberId)).toHaveLength(2);
    await call(
      `${app.url}/ops/withdrawals/${withdrawal.body.id}/review`,
      "POST",
      { decision: "approve" },
      checker,
    );
    expect(eventsOf(memberId)).toHaveLength(3);

    setFx(app.bus, "FX:USDJPY", "150.000");
    const quote = await call(
      `${app.url}/fx/quote`,
      "POST",
      { from: "JPY", to: "USD", amount: "15000" },
      auth,
    );
    await call(`${app.url}/fx/convert`, "POST", { quoteId: quote.body.id }, auth);
    expect(eventsOf(memberId).slice(3)).toEqual([
      { type: "balance", id: "JPY" },
      { type: "balance", id: "USD" },
    ]);
  });
});

describe("the one-open-request indexes", () => {
  it("back up the check under a race, and their violation reads as FUND_OPERATION_IN_PROGRESS", async () => {
    const { memberId } = await registerMember(app.url, app.database);
    const cardId = await readyToWithdraw(app.database, memberId);
    await fund(app.database, memberId, "JPY", 10_000n);
    const insert = () =>
      app.database.db.execute(sql`
        insert into withdrawals (member_id, card_id, currency, amount_minor, status, created_at_ms, updated_at_ms)
        values (${memberId}, ${Number(cardId)}, 'JPY', 1000, 'pending', 0, 0)`);
    await insert();
    const error = await insert().then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeDefined();
    expect(openRequestConflict(error)?.code).toBe("FUND_OPERATION_IN_PROGRESS");
    expect(openRequestConflict(new Error("something else"))).toBeUndefined();
    const [row] = rowsOf(
      await app.database.db.execute(
        sql`select count(*)::int as n from withdrawals where member_id = ${memberId}`,
      ),
    );
    expect(row?.n).toBe(1);
  });
});
