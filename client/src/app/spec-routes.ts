/**
 * The spec's route table (section 2), copied as data so a test can hold the app to it: every
 * route here opens a screen, except those another issue is still building, listed below with
 * the issue that builds them. The browser test `e2e/spec-routes.e2e.ts` opens each route in
 * the three languages and fails if a listed route has no screen, or if a route marked unbuilt
 * has gained one (then move it out of `notYetBuilt`).
 */
export const specRoutes = {
  Login: ["/login/start", "/login/logon", "/login/logon2", "/login/login", "/login/register"],
  Home: ["/home/index", "/home/moreNews", "/home/DetailsPage", "/home/search"],
  User: [
    "/user/usercenter",
    "/user/setting",
    "/user/loginPassword",
    "/user/setPassword",
    "/user/recharge",
    "/user/rechargeChannel",
    "/user/withdraw",
    "/user/WithCard",
    "/user/BankCard",
    "/user/FundingDetails",
    "/user/bandCard",
    "/user/exchange",
    "/user/aboutUs",
    "/user/pj",
    "/user/jkjl",
    "/user/changeLang",
  ],
  Market: [
    "/market/market",
    "/market/marketNew",
    "/market/stockHot/stockList",
    "/market/marketDetail",
    "/market/marketBuy",
    "/market/subscribe",
    "/market/subscribeDetail",
    "/market/subscribeRecord",
  ],
  Position: ["/position/position", "/position/positionDetail"],
  Common: ["/common/dayTrading", "/common/dividend", "/common/dividend2", "/common/dividend3"],
  Index: ["/gdindex/gdindex", "/gdindex/gdList"],
} as const satisfies Record<string, readonly string[]>;

export type SpecRoute = (typeof specRoutes)[keyof typeof specRoutes][number];

/**
 * Routes of the spec whose screens are not built yet, and the issue (or part of one) that
 * builds them. Whoever builds one removes it here; the route test insists.
 */
export const notYetBuilt: Partial<Record<SpecRoute, string>> = {};

export function allSpecRoutes(): SpecRoute[] {
  return Object.values(specRoutes).flat();
}
