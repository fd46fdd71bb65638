/**
 * Money in and out in a real browser against a real server, member and operations side by side
 * in one browser (the member's and the staff's sessions are separate cookies): a new member
 * verifies their identity with two photos, staff approve it in the console and publish a
 * deposit channel, the member adds a bank card, deposits with a receipt photo, staff approve,
 * the balance shows, the member exchanges yen for dollars, sets a fund password and withdraws,
 * one staff member checks the payout and another approves it, the fund records show all of it,
 * and the ledger check finds every balance equal to its entries.
 *
 * Same harness as the other browser tests, with deposits and withdrawals open around the clock.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmStep, openProduct, type Product, tapChoice } from "./harness.ts";

let product: Product;
let page: Page;
let base: string;
const snap = (name: string) => product.snap(name);
const soon = { timeout: 30_000, interval: 250 };

const member = {
  account: `090${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
  password: "kabuto123",
  name: "山田 花子",
  /** The reading given at verification; the bank account is held in it, as Japanese accounts are. */
  nameKana: "ヤマダ ハナコ",
  fundPassword: "246810",
};
/** The demo admin embedded mode seeds (README, "Operations console"). */
const admin = { login: "admin", password: "kabuto-ops-demo" };
const checker = { login: "checker", password: "checker-password-1", name: "Checker Two" };

beforeAll(async () => {
  product = await openProduct("money", { FUND_HOURS: "always" });
  ({ page, base } = product);
}, 240_000);

afterAll(async () => {
  await product?.close();
});

/** A real JPEG, drawn by the browser itself: what a phone camera would hand the file input. */
async function photo(label: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const dataUrl = await page.evaluate((text) => {
    const canvas = document.createElement("canvas");
    canvas.width = 640;
    canvas.height = 400;
    const context = canvas.getContext("2d") as CanvasRenderingContext2D;
    context.fillStyle = "#e8eef7";
    context.fillRect(0, 0, 640, 400);
    context.fillStyle = "#123";
    context.font = "48px sans-serif";
    context.fillText(text, 40, 200);
    return canvas.toDataURL("image/jpeg", 0.9);
  }, label);
  return {
    name: `${label}.jpg`,
    mimeType: "image/jpeg",
    buffer: Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64"),
  };
}

/** The member's own view over the API (the page's cookies), to learn ids and wait on states. */
async function memberGet<T>(path: string): Promise<T> {
  const response = await page.request.get(`${base}api/v1${path}`);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

async function staffSignIn(login: string, password: string): Promise<void> {
  await page.goto(`${base}#/ops/login`);
  await page.fill("#ops-login", login);
  await page.fill("#ops-password", password);
  await page.click("form button[type=submit]");
  await page.waitForURL((url) => url.hash.startsWith("#/ops") && !url.hash.startsWith("#/ops/login"));
}

/** Approves the request on the review screen open now, through its confirmation dialog. */
async function approveHere(): Promise<void> {
  const approve = page.locator("[data-testid=review-approve]");
  await expect.poll(() => approve.isEnabled(), soon).toBe(true);
  await approve.click();
  await page.locator("[data-testid=review-confirm] button.button--primary").click();
  await page.locator("[data-testid=review-confirm]").waitFor({ state: "hidden" });
}

/** Every image on the screen has loaded real pixels (the evidence staff judge by). */
async function imagesShown(count: number): Promise<void> {
  const images = page.locator("main img");
  await expect.poll(() => images.count(), soon).toBeGreaterThanOrEqual(count);
  await expect
    .poll(
      () =>
        images.evaluateAll((list) =>
          list.every(
            (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
          ),
        ),
      soon,
    )
    .toBe(true);
}

const digits = (text: string | null) => (text ?? "").replace(/[^\d]/g, "");

describe("money in and out", () => {
  it("registers a new member", async () => {
    await page.goto(`${base}#/login/register`);
    await page.fill("#register-account", member.account);
    await page.fill("#register-password", member.password);
    await page.fill("#register-confirm", member.password);
    await page.fill("#register-invite", "KABUTO");
    await page.check("#register-terms");
    await page.click("button[type=submit]");
    await page.waitForURL(/#\/home\/index$/);
  });

  it("sends real-name verification with both photos", async () => {
    await page.goto(`${base}#/user/bandCard`);
    const form = page.locator("[data-testid=kyc-form]");
    await form.waitFor();
    await tapChoice(page.locator("input[name=kyc-document][value=driving_licence]"));
    await page.fill("#kyc-name", member.name);
    await page.fill("#kyc-name-kana", member.nameKana);
    await page.fill("#kyc-id-number", "123456789012");
    await page.setInputFiles("#kyc-front", await photo("front"));
    await page.setInputFiles("#kyc-back", await photo("back"));
    await snap("51-kyc-form");
    await form.locator("button[type=submit]").click();
    await expect
      .poll(() => page.locator("[data-testid=verification-status]").first().getAttribute("data-status"), soon)
      .toBe("pending");
    await snap("52-kyc-pending");
  });

  it("is approved by operations in the console, which also publishes a deposit channel", async () => {
    const { application } = await memberGet<{ application: { id: string } }>("/kyc");
    await staffSignIn(admin.login, admin.password);
    // The overview counts what waits: this member's application, and nothing else yet.
    const kycTile = page.locator('a.ops-tile[href$="/ops/kyc?status=pending"]');
    await expect.poll(() => kycTile.locator(".ops-tile__count").textContent(), soon).toBe("1");
    await expect.poll(() => kycTile.locator("time").count(), soon).toBe(1);
    await snap("53-ops-dashboard");
    await page.goto(`${base}#/ops/kyc/${application.id}`);
    await imagesShown(2);
    await snap("54-ops-kyc-review");
    await approveHere();
    await expect
      .poll(async () => (await memberGet<{ verification: string }>("/kyc")).verification, soon)
      .toBe("verified");

    await page.goto(`${base}#/ops/channels`);
    await page.getByRole("button", { name: "入金口座を追加" }).click();
    await page.fill("#channel-name", "みずほ銀行 振込");
    await page.selectOption("#channel-currency", "JPY");
    await page.fill("#channel-bankName", "みずほ銀行");
    await page.fill("#channel-branch", "東京営業部");
    await page.fill("#channel-accountName", "カブト証券（カ");
    await page.fill("#channel-accountNumber", "1234567");
    await page.fill("#channel-min", "10000");
    await page.fill("#channel-max", "5000000");
    // English-reading members get a name of their own; the other languages keep the one above.
    await page.fill("#channel-nameEn", "Mizuho Bank transfer");
    await page.locator("form.ops-form button[type=submit]").click();
    // Beside the two demo channels embedded mode publishes at its first start.
    type Channels = { items: { name: string; names: Record<string, string> | null }[] };
    await expect
      .poll(async () => (await memberGet<Channels>("/recharge-channels")).items.length, soon)
      .toBe(3);
    const { items } = await memberGet<Channels>("/recharge-channels");
    expect(items.find((channel) => channel.name === "みずほ銀行 振込")?.names).toEqual({
      ja: "みずほ銀行 振込",
      en: "Mizuho Bank transfer",
      "zh-Hant": "みずほ銀行 振込",
    });
    await snap("55-ops-channels");
  });

  it("lets the verified member add a bank card in their own name, held in kana as passbooks print it", async () => {
    await page.goto(`${base}#/user/WithCard`);
    const form = page.locator("[data-testid=card-form]");
    await form.waitFor();
    await page.fill("#card-holderName", "ﾔﾏﾀﾞ ﾊﾅｺ");
    await page.fill("#card-bankName", "三井住友銀行");
    await page.fill("#card-branchName", "渋谷支店");
    await page.fill("#card-branchCode", "231");
    await tapChoice(page.locator("input[name=card-type][value=ordinary]"));
    await page.fill("#card-cardNumber", "7654321");
    await form.locator("button[type=submit]").click();
    await expect
      .poll(async () => (await memberGet<{ items: unknown[] }>("/bank-cards")).items.length, soon)
      .toBe(1);
    await page.goto(`${base}#/user/BankCard`);
    // The number never comes back whole.
    const cards = page.locator("[data-testid=bank-cards]");
    // A seven-digit Japanese account number shows at most half of itself: its last three digits.
    await expect.poll(() => cards.textContent(), soon).toMatch(/\*{4}\s?321/);
    expect(await cards.textContent()).not.toContain("7654321");
    await snap("56-bank-cards");
  });

  it("deposits ¥500,000 with a receipt photo, pending review", async () => {
    await page.goto(`${base}#/user/recharge`);
    await tapChoice(
      page.locator("[data-testid=channel]", { hasText: "みずほ銀行 振込" }).locator("input[name=channel]"),
    );
    await page.fill("#recharge-amount", "500000");
    await page.click("[data-testid=recharge-next]");
    await page.locator("[data-testid=recharge-channel]").waitFor();
    await expect
      .poll(() => page.locator("[data-testid=channel-account]").textContent(), soon)
      .toContain("1234567");
    await page.setInputFiles("#recharge-receipt", await photo("receipt"));
    await snap("57-recharge-channel");
    await page.click("[data-testid=recharge-submit]");
    await expect
      .poll(
        async () => (await memberGet<{ items: { status: string }[] }>("/deposits")).items[0]?.status,
        soon,
      )
      .toBe("pending");
  });

  it("credits the deposit once operations approve it, and the balance shows", async () => {
    const { items } = await memberGet<{ items: { id: string }[] }>("/deposits");
    await page.goto(`${base}#/ops/deposits/${items[0]?.id}`);
    await imagesShown(1);
    await snap("58-ops-deposit-review");
    await approveHere();
    await page.goto(`${base}#/user/usercenter`);
    const yen = page.locator("[data-testid=funds-card][data-currency=JPY] [data-testid=funds-available]");
    await expect.poll(async () => digits(await yen.textContent()), soon).toBe("500000");
    await snap("59-mine-after-deposit");
  });

  it("exchanges ¥100,000 for dollars at a quoted rate", async () => {
    await page.goto(`${base}#/user/exchange`);
    await page.locator("[data-testid=exchange-form]").waitFor();
    await page.selectOption("#fx-from", "JPY");
    await page.selectOption("#fx-to", "USD");
    await page.fill("#fx-amount", "100000");
    await page.click("[data-testid=fx-quote]");
    const card = page.locator("[data-testid=fx-quote-card]");
    await card.waitFor();
    await expect.poll(() => card.locator("[data-testid=fx-rate]").textContent(), soon).toMatch(/\d/);
    await snap("60-exchange-quote");
    await page.click("[data-testid=fx-confirm]");
    const dollars = async () =>
      (await memberGet<{ balances: { currency: string; available: string }[] }>("/account")).balances.find(
        (balance) => balance.currency === "USD",
      )?.available ?? "0";
    await expect.poll(async () => Number(await dollars()), soon).toBeGreaterThan(0);
    const yen = (
      await memberGet<{ balances: { currency: string; available: string }[] }>("/account")
    ).balances.find((balance) => balance.currency === "JPY");
    expect(yen?.available).toBe("400000");
  });

  it("sets a fund password and asks to withdraw ¥100,000 to the card", async () => {
    await page.goto(`${base}#/user/setPassword`);
    const form = page.locator("[data-testid=fund-password-form]");
    await form.waitFor();
    await page.fill("#fund-proof", member.password);
    await page.fill("#fund-new", member.fundPassword);
    await page.fill("#fund-confirm", member.fundPassword);
    await form.locator("button[type=submit]").click();
    await expect
      .poll(async () => (await memberGet<{ fundPasswordSet: boolean }>("/me/security")).fundPasswordSet, soon)
      .toBe(true);

    await page.goto(`${base}#/user/withdraw`);
    await page.locator("form[data-testid=withdraw-form]").waitFor();
    await tapChoice(page.locator("input[name=withdraw-currency][value=JPY]"));
    await expect
      .poll(async () => digits(await page.locator("[data-testid=withdrawable-amount]").textContent()), soon)
      .toBe("400000");
    await tapChoice(page.locator("input[name=withdraw-card]").first());
    await page.fill("#withdraw-amount", "100000");
    await page.fill("#withdraw-fund-password", member.fundPassword);
    await snap("61-withdraw");
    await page.click("[data-testid=withdraw-submit]");
    await expect
      .poll(
        async () => (await memberGet<{ items: { status: string }[] }>("/withdrawals")).items[0]?.status,
        soon,
      )
      .toBe("pending");
  });

  it("pays out only after one staff member checks it and another approves", async () => {
    const { items } = await memberGet<{ items: { id: string }[] }>("/withdrawals");
    const withdrawalId = items[0]?.id;
    await staffSignIn(admin.login, admin.password);
    await page.goto(`${base}#/ops/withdrawals/${withdrawalId}`);
    await page.fill("#payout-reference", "FB-2026-0001");
    await page.click("[data-testid=withdrawal-check]");
    // Checked: the check form is gone and the decision panel stands alone.
    await page.locator("[data-testid=withdrawal-check]").waitFor({ state: "detached" });
    const approve = page.locator("[data-testid=review-approve]");
    await expect.poll(() => approve.count(), soon).toBe(1);
    // The one who checked cannot approve (maker–checker): the console disables it.
    expect(await approve.isDisabled()).toBe(true);
    // And the server refuses it too, whatever a console shows.
    const own = await page.request.post(`${base}api/v1/ops/withdrawals/${withdrawalId}/review`, {
      data: { decision: "approve" },
    });
    expect(own.status()).toBe(409);
    expect(((await own.json()) as { error: { code: string } }).error.code).toBe("MAKER_CHECKER");
    await snap("62-ops-withdrawal-checked");

    const created = await page.request.post(`${base}api/v1/ops/staff`, {
      data: { login: checker.login, name: checker.name, role: "supervisor", password: checker.password },
    });
    expect(created.status(), await created.text()).toBe(201);
    // A bodiless action still sends JSON, as the client does: the API takes no other body type.
    expect((await page.request.post(`${base}api/v1/ops/auth/logout`, { data: {} })).status()).toBe(200);
    await staffSignIn(checker.login, checker.password);
    await page.goto(`${base}#/ops/withdrawals/${withdrawalId}`);
    await approveHere();
    await expect
      .poll(
        async () => (await memberGet<{ items: { status: string }[] }>("/withdrawals")).items[0]?.status,
        soon,
      )
      .toBe("approved");
    await snap("63-ops-withdrawal-approved");
  });

  it("shows the member every movement in the fund records", async () => {
    await page.goto(`${base}#/user/FundingDetails`);
    for (const kind of ["deposit", "fx", "withdrawal_hold", "withdrawal"]) {
      await page.locator(`[data-testid=fund-row][data-kind=${kind}]`).first().waitFor();
    }
    await snap("64-fund-records");
    const yen = (
      await memberGet<{ balances: { currency: string; available: string; frozen?: string }[] }>("/account")
    ).balances.find((balance) => balance.currency === "JPY");
    expect(yen?.available).toBe("300000");
  });

  it("downloads this month's statement from Mine, made from those same journals", async () => {
    await page.goto(`${base}#/user/statements`);
    const month = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 7);
    const pdf = page.locator(`[data-testid=statement-${month}-pdf]`);
    await pdf.waitFor();
    await snap("65-statements");
    const [file] = await Promise.all([page.waitForEvent("download"), pdf.click()]);
    expect(file.suggestedFilename()).toBe(`kabuto-statement-${month}.pdf`);
  });

  it("borrows within a credit line a supervisor sets, and repays it in full", async () => {
    const me = await memberGet<{ id: string }>("/me");
    // The checker is a supervisor: they set the member's line from the member's console screen.
    await page.goto(`${base}#/ops/members/${me.id}`);
    const form = page.locator("[data-testid=credit-form]");
    await form.waitFor();
    await page.fill("#credit-score", "700");
    await page.fill("#credit-line-jpy", "200000");
    await page.fill("#credit-line-usd", "0");
    await page.fill("#credit-reason", "verified, funded, first line");
    await page.locator("[data-testid=credit-save]").click();
    await expect
      .poll(async () => (await memberGet<{ score: number | null }>("/loans/credit")).score, soon)
      .toBe(700);
    // The same page produces the member's statement for them, as a file under the server's name.
    const [statement] = await Promise.all([
      page.waitForEvent("download"),
      page.locator("[data-testid=statement-produce]").click(),
    ]);
    expect(statement.suggestedFilename()).toMatch(/^kabuto-statement-\d{4}-\d{2}\.pdf$/);

    await page.goto(`${base}#/user/jkjl`);
    await expect
      .poll(() => page.locator("[data-testid=borrow-available]").textContent(), soon)
      .toContain("200,000");
    await page.fill("#borrow-amount", "150000");
    // The worked example follows the amount typed: ¥150,000 for 30 days at 2.8% is ¥345.
    await expect
      .poll(() => page.locator("[data-testid=borrow-example]").textContent(), soon)
      .toContain("345");
    await snap("66-loans-borrow");
    await page.locator("[data-testid=borrow-submit]").click();
    const row = page.locator("[data-testid=loan]").first();
    await expect.poll(() => row.getAttribute("data-status"), soon).toBe("pending");
    const [loan] = (await memberGet<{ items: { id: string }[] }>("/loans")).items;

    await page.goto(`${base}#/ops/loans/${loan?.id}`);
    await approveHere();
    await snap("67-ops-loan-approved");

    await page.goto(`${base}#/user/jkjl`);
    await expect.poll(() => row.getAttribute("data-status"), soon).toBe("approved");
    await expect.poll(() => row.locator("[data-testid=loan-owed]").textContent(), soon).toContain("150,000");
    await row.locator("[data-testid=loan-repay]").click();
    await row.locator(".amount-line__all").click();
    await snap("68-loans-repay");
    await row.locator("[data-testid=repay-submit]").click();
    await confirmStep(page);
    await expect.poll(() => row.getAttribute("data-status"), soon).toBe("settled");
    await snap("69-loans-repaid");
    // Borrowed and repaid the same day: no interest, and the cash is where it was.
    const yen = (
      await memberGet<{ balances: { currency: string; available: string; loan: string }[] }>("/account")
    ).balances.find((balance) => balance.currency === "JPY");
    expect(yen).toMatchObject({ available: "300000", loan: "0" });
  });

  it("checks in once a day from Home, and shows the points and their rules on the rewards screen", async () => {
    await page.goto(`${base}#/home/index`);
    // The account centre keeps its own card alive, hidden, once it has been opened.
    const card = page.locator("[data-testid=checkin-card]").filter({ visible: true });
    await card.locator("[data-testid=checkin-button]").click();
    await expect.poll(() => card.getAttribute("data-checked-in"), soon).toBe("true");
    await snap("70-home-checked-in");
    await page.goto(`${base}#/user/rewards`);
    await expect
      .poll(() => page.locator("[data-testid=rewards-points-value]").textContent(), soon)
      .toContain("10");
    // Ten points are far from the 1,000 a conversion needs: the button waits and says why.
    expect(await page.locator("[data-testid=rewards-convert]").isDisabled()).toBe(true);
    await page.locator("[data-testid=rewards-too-few]").waitFor();
    await snap("71-rewards");
    const again = await page.request.post(`${base}api/v1/rewards/check-in`, { data: {} });
    expect(again.status()).toBe(409);
  });

  it("leaves a ledger whose every balance equals its entries", async () => {
    // A supervisor runs the check from the console's overview...
    await page.goto(`${base}#/ops`);
    await page.locator("[data-testid=ledger-check-run]").click();
    const result = page.locator("[data-testid=ledger-check-result]");
    await expect.poll(() => result.getAttribute("data-healthy"), soon).toBe("true");
    await snap("65-ops-ledger-check");
    // ...and the report behind it names nothing wrong.
    const response = await page.request.get(`${base}api/v1/ops/ledger-check`);
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({
      healthy: true,
      drifted: [],
      unbalanced: [],
      mismatched: 0,
    });
  });
});
