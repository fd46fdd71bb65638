/**
 * The native bridge (client/src/native/bridge.ts) against a stand-in for Capacitor's Android
 * side, put on the window before the app loads: the plugin headers and the two calls
 * (`nativePromise`, `nativeCallback`) that Capacitor's native bridge gives a web view, recording
 * every call, with a secure storage that keeps what it is given. The built app then believes it
 * is wrapped: it styles the status bar, takes over the back button, and signs in with a bearer
 * token kept in secure storage instead of the cookie. A plain browser context beside it shows
 * the bridge doing nothing.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openProduct, type Product } from "./harness.ts";

let product: Product;
let base: string;
let wrapped: BrowserContext;
let page: Page;

const demo = { account: "09012345678", password: "demo1234" };
const soon = { timeout: 30_000, interval: 200 };

interface Call {
  plugin: string;
  method: string;
  options: Record<string, unknown>;
}

/** Runs in the page before any of its scripts: what Capacitor's Android bridge would provide. */
function standIn(): void {
  const calls: Call[] = [];
  const listeners = new Map<string, (data: unknown) => void>();
  // What the secure storage holds lasts across page loads, as the Keystore does across restarts.
  const kept = new Map<string, string>(JSON.parse(sessionStorage.getItem("standIn.kept") ?? "[]"));
  const persist = () => sessionStorage.setItem("standIn.kept", JSON.stringify([...kept]));
  let nextCallback = 1;
  const headers = [
    { name: "App", methods: ["exitApp", "getInfo"], callbacks: ["addListener", "removeListener"] },
    {
      name: "StatusBar",
      methods: ["setStyle", "setBackgroundColor", "show", "hide", "getInfo"],
      callbacks: [],
    },
    {
      name: "SecureStorage",
      methods: ["internalGetItem", "internalSetItem", "internalRemoveItem", "internalGetPrefixedKeys"],
      callbacks: [],
    },
  ].map((plugin) => ({
    name: plugin.name,
    methods: [
      ...plugin.methods.map((name) => ({ name, rtype: "promise" })),
      ...plugin.callbacks.map((name) => ({ name, rtype: "callback" })),
    ],
  }));
  const target = window as unknown as Record<string, unknown>;
  target.androidBridge = { postMessage: () => undefined };
  target.Capacitor = {
    PluginHeaders: headers,
    nativePromise(plugin: string, method: string, options: Record<string, unknown> = {}) {
      calls.push({ plugin, method, options });
      if (plugin === "SecureStorage" && method === "internalGetItem")
        return Promise.resolve({ data: kept.get(String(options.prefixedKey)) ?? null });
      if (plugin === "SecureStorage" && method === "internalSetItem") {
        kept.set(String(options.prefixedKey), String(options.data));
        persist();
        return Promise.resolve();
      }
      if (plugin === "SecureStorage" && method === "internalRemoveItem") {
        const success = kept.delete(String(options.prefixedKey));
        persist();
        return Promise.resolve({ success });
      }
      return Promise.resolve({});
    },
    nativeCallback(
      plugin: string,
      method: string,
      options: Record<string, unknown>,
      callback: (data: unknown) => void,
    ) {
      calls.push({ plugin, method, options });
      const id = String(nextCallback++);
      if (method === "addListener") listeners.set(`${plugin}.${String(options.eventName)}`, callback);
      return id;
    },
  };
  target.standIn = {
    calls,
    kept: () => Object.fromEntries(kept),
    /** The hardware back button, with the web view's own answer to "can it go back". */
    back() {
      const navigation = (window as unknown as { navigation?: { canGoBack: boolean } }).navigation;
      listeners.get("App.backButton")?.({ canGoBack: navigation?.canGoBack ?? false });
    },
  };
}

/** The stand-in's calls since the page last loaded. */
async function calls(): Promise<Call[]> {
  return page.evaluate(() => (window as unknown as { standIn: { calls: Call[] } }).standIn.calls);
}

function called(list: Call[], plugin: string, method: string): Call[] {
  return list.filter((call) => call.plugin === plugin && call.method === method);
}

beforeAll(async () => {
  product = await openProduct("native");
  base = product.base;
  const browser = product.page.context().browser();
  if (!browser) throw new Error("no browser");
  wrapped = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await wrapped.addInitScript(standIn);
  page = await wrapped.newPage();
}, 240_000);

afterAll(async () => {
  await wrapped?.close();
  await product?.close();
});

describe("the native bridge in a stand-in wrapper", () => {
  it("makes the status bar white with dark text and listens for the back button", async () => {
    await page.goto(`${base}#/home/index`);
    await page.locator(".home").waitFor();
    await expect.poll(async () => called(await calls(), "App", "addListener").length, soon).toBe(1);
    const list = await calls();
    expect(called(list, "StatusBar", "setStyle").map((call) => call.options)).toEqual([{ style: "LIGHT" }]);
    expect(called(list, "StatusBar", "setBackgroundColor").map((call) => call.options)).toEqual([
      { color: "#ffffff" },
    ]);
    expect(called(list, "App", "addListener")[0]?.options).toEqual({ eventName: "backButton" });
  });

  it("at the first page, arms on a first press with a toast in the member's language, quits on the second", async () => {
    await page.evaluate(() => (window as unknown as { standIn: { back(): void } }).standIn.back());
    await page.locator("[data-sonner-toast]", { hasText: "もう一度押すと終了します" }).waitFor();
    expect(called(await calls(), "App", "exitApp")).toHaveLength(0);
    await page.evaluate(() => (window as unknown as { standIn: { back(): void } }).standIn.back());
    await expect.poll(async () => called(await calls(), "App", "exitApp").length, soon).toBe(1);
  });

  it("goes back when there is somewhere to go, and does not quit", async () => {
    await page.click("[data-testid=shortcut-hot-lists]");
    await page.waitForURL(/#\/market\/stockHot\/stockList$/);
    const before = called(await calls(), "App", "exitApp").length;
    await page.evaluate(() => (window as unknown as { standIn: { back(): void } }).standIn.back());
    await page.waitForURL(/#\/home\/index$/);
    expect(called(await calls(), "App", "exitApp")).toHaveLength(before);
  });

  it("signs in with a bearer token kept in secure storage, never a cookie", async () => {
    await page.goto(`${base}#/login/login`);
    await page.fill("#login-account", demo.account);
    await page.fill("#login-password", demo.password);
    await page.check("#login-privacy");
    const login = page.waitForRequest((request) => request.url().endsWith("/api/v1/auth/login"));
    await page.click("button[type=submit]");
    expect((await login).headers()["x-session-transport"]).toBe("bearer");
    await page.waitForURL(/#\/home\/index$/);
    const stored = await page.evaluate(() =>
      (window as unknown as { standIn: { kept(): Record<string, string> } }).standIn.kept(),
    );
    // The session's token, and the device's, which keeps this phone signing in while someone
    // else's guesses hold the account.
    const token = stored["capacitor-storage_kabuto.session"] ?? "";
    expect(Object.keys(stored).sort()).toEqual([
      "capacitor-storage_kabuto.device",
      "capacitor-storage_kabuto.session",
    ]);
    expect(await wrapped.cookies(base)).toEqual([]);
    // The money on the Mine tab comes with the bearer header alone.
    const account = page.waitForRequest((request) => request.url().endsWith("/api/v1/account"));
    await page.click("a[href='#/user/usercenter']");
    const authorization = (await account).headers().authorization ?? "";
    expect(token).toContain(authorization.replace(/^Bearer /, ""));
    expect(authorization).toMatch(/^Bearer \S+/);
    await expect
      .poll(
        () =>
          page
            .locator("[data-testid=funds-card][data-currency=JPY] [data-testid=funds-available]")
            .textContent(),
        soon,
      )
      .toMatch(/\d/);
  });

  it("a restart of the app reads the kept token before its first request", async () => {
    const account = page.waitForRequest((request) => request.url().endsWith("/api/v1/account"));
    await page.reload();
    expect((await account).headers().authorization).toMatch(/^Bearer \S+/);
    await expect
      .poll(
        () =>
          page
            .locator("[data-testid=funds-card][data-currency=JPY] [data-testid=funds-available]")
            .textContent(),
        soon,
      )
      .toMatch(/\d/);
    // The session's token and the device's, each read once.
    expect(called(await calls(), "SecureStorage", "internalGetItem")).toHaveLength(2);
  });

  it("signing out ends the session with its bearer header and removes the token", async () => {
    const logout = page.waitForRequest((request) => request.url().endsWith("/api/v1/auth/logout"));
    await page.click(".mine__actions button");
    expect((await logout).headers().authorization).toMatch(/^Bearer \S+/);
    await page.waitForURL(/#\/login\/start$/);
    await expect
      .poll(async () => called(await calls(), "SecureStorage", "internalRemoveItem").length, soon)
      .toBe(1);
    // The device's token outlives the session: it is what a sign-out must not forget.
    expect(
      Object.keys(
        await page.evaluate(() => (window as unknown as { standIn: { kept(): object } }).standIn.kept()),
      ),
    ).toEqual(["capacitor-storage_kabuto.device"]);
  });
});

describe("the same bridge in a plain browser", () => {
  it("calls nothing native and keeps the cookie session", async () => {
    const plain = product.page;
    const requests: string[] = [];
    plain.on("request", (request) => {
      if (request.headers()["x-session-transport"]) requests.push(request.url());
    });
    await plain.goto(`${base}#/login/login`);
    await plain.fill("#login-account", demo.account);
    await plain.fill("#login-password", demo.password);
    await plain.check("#login-privacy");
    await plain.click("button[type=submit]");
    await plain.waitForURL(/#\/home\/index$/);
    expect(requests).toEqual([]);
    expect(
      await plain.evaluate(() =>
        (window as unknown as { Capacitor?: { isNativePlatform(): boolean } }).Capacitor?.isNativePlatform(),
      ),
    ).toBe(false);
    expect((await plain.context().cookies(base)).map((cookie) => cookie.name)).toContain("kabuto_session");
  });
});
