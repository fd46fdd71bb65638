// The demo member signed in to a benchmark's Chromium the way the app keeps a session: the
// cookie the API sets, and what the app remembers in localStorage of who is signed in.
import { sessionResponseSchema } from "@kabuto/shared/api/auth";
import type { Page } from "puppeteer-core";

export const demoMember = { account: "09012345678", password: "demo1234" };

/** Signs the demo member in through the API, and hands the browser what the app keeps of it; returns their id. */
export async function signInDemo(page: Page, base: string): Promise<string> {
  const answer = await fetch(`${base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(demoMember),
  });
  if (!answer.ok) throw new Error(`the demo member's sign-in answered ${answer.status}`);
  const cookie = answer.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  const [name = "", value = ""] = cookie.split("=");
  const { member } = sessionResponseSchema.parse(await answer.json());
  await page
    .browserContext()
    .setCookie({ name, value, domain: new URL(base).hostname, path: "/", httpOnly: true });
  // A same-origin page that is not the app, so localStorage is written before the app first starts.
  await page.goto(`${base}/api/v1/health`);
  await page.evaluate((account) => {
    localStorage.setItem("account", account);
    localStorage.setItem("is_admin", "0");
  }, demoMember.account);
  return member.id;
}
