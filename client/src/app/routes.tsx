import { Activity, type ComponentType, lazy, Suspense, useLayoutEffect, useRef, useState } from "react";
import { Redirect, useLocation } from "wouter";
import { TabBar } from "./tab-bar.tsx";

/** Every screen is its own chunk, loaded when first visited (spec section 2). */
const screens = {
  start: lazy(() => import("../features/auth/start-screen.tsx").then((m) => ({ default: m.StartScreen }))),
  login: lazy(() => import("../features/auth/login-screen.tsx").then((m) => ({ default: m.LoginScreen }))),
  register: lazy(() =>
    import("../features/auth/register-screen.tsx").then((m) => ({ default: m.RegisterScreen })),
  ),
  smsRequest: lazy(() =>
    import("../features/auth/sms-request-screen.tsx").then((m) => ({ default: m.SmsRequestScreen })),
  ),
  smsLogin: lazy(() =>
    import("../features/auth/sms-login-screen.tsx").then((m) => ({ default: m.SmsLoginScreen })),
  ),
  home: lazy(() => import("../features/home/home-screen.tsx").then((m) => ({ default: m.HomeScreen }))),
  moreNews: lazy(() =>
    import("../features/home/more-news-screen.tsx").then((m) => ({ default: m.MoreNewsScreen })),
  ),
  newsDetail: lazy(() =>
    import("../features/home/news-detail-screen.tsx").then((m) => ({ default: m.NewsDetailScreen })),
  ),
  search: lazy(() =>
    import("../features/search/search-screen.tsx").then((m) => ({ default: m.SearchScreen })),
  ),
  market: lazy(() =>
    import("../features/market/market-screen.tsx").then((m) => ({ default: m.MarketScreen })),
  ),
  marketDetail: lazy(() =>
    import("../features/market/detail-screen.tsx").then((m) => ({ default: m.DetailScreen })),
  ),
  hotLists: lazy(() => import("../features/market/hot-screen.tsx").then((m) => ({ default: m.HotScreen }))),
  newListings: lazy(() =>
    import("../features/market/new-listings-screen.tsx").then((m) => ({ default: m.NewListingsScreen })),
  ),
  buy: lazy(() => import("../features/trading/buy-screen.tsx").then((m) => ({ default: m.BuyScreen }))),
  positions: lazy(() =>
    import("../features/trading/positions-screen.tsx").then((m) => ({ default: m.PositionsScreen })),
  ),
  positionDetail: lazy(() =>
    import("../features/trading/position-detail-screen.tsx").then((m) => ({
      default: m.PositionDetailScreen,
    })),
  ),
  fundRecords: lazy(() =>
    import("../features/funds/fund-records-screen.tsx").then((m) => ({ default: m.FundRecordsScreen })),
  ),
  userCenter: lazy(() =>
    import("../features/user/user-center-screen.tsx").then((m) => ({ default: m.UserCenterScreen })),
  ),
  changeLang: lazy(() =>
    import("../features/user/change-lang-screen.tsx").then((m) => ({ default: m.ChangeLangScreen })),
  ),
  about: lazy(() => import("../features/user/about-screen.tsx").then((m) => ({ default: m.AboutScreen }))),
  settings: lazy(() =>
    import("../features/identity/settings-screen.tsx").then((m) => ({ default: m.SettingsScreen })),
  ),
  loginPassword: lazy(() =>
    import("../features/identity/login-password-screen.tsx").then((m) => ({
      default: m.LoginPasswordScreen,
    })),
  ),
  fundPassword: lazy(() =>
    import("../features/identity/fund-password-screen.tsx").then((m) => ({ default: m.FundPasswordScreen })),
  ),
  kyc: lazy(() => import("../features/identity/kyc-screen.tsx").then((m) => ({ default: m.KycScreen }))),
  bankCards: lazy(() =>
    import("../features/identity/bank-cards-screen.tsx").then((m) => ({ default: m.BankCardsScreen })),
  ),
  addCard: lazy(() =>
    import("../features/identity/add-card-screen.tsx").then((m) => ({ default: m.AddCardScreen })),
  ),
  recharge: lazy(() =>
    import("../features/wallet/recharge-screen.tsx").then((m) => ({ default: m.RechargeScreen })),
  ),
  rechargeChannel: lazy(() =>
    import("../features/wallet/recharge-channel-screen.tsx").then((m) => ({
      default: m.RechargeChannelScreen,
    })),
  ),
  withdraw: lazy(() =>
    import("../features/wallet/withdraw-screen.tsx").then((m) => ({ default: m.WithdrawScreen })),
  ),
  exchange: lazy(() =>
    import("../features/wallet/exchange-screen.tsx").then((m) => ({ default: m.ExchangeScreen })),
  ),
  loans: lazy(() => import("../features/loans/loans-screen.tsx").then((m) => ({ default: m.LoansScreen }))),
  rewards: lazy(() =>
    import("../features/rewards/rewards-screen.tsx").then((m) => ({ default: m.RewardsScreen })),
  ),
  dividendCalendar: lazy(() =>
    import("../features/dividends/dividend-screens.tsx").then((m) => ({ default: m.DividendCalendarScreen })),
  ),
  dividendHistory: lazy(() =>
    import("../features/dividends/dividend-screens.tsx").then((m) => ({ default: m.DividendHistoryScreen })),
  ),
  dividendDetail: lazy(() =>
    import("../features/dividends/dividend-screens.tsx").then((m) => ({ default: m.DividendDetailScreen })),
  ),
  invite: lazy(() =>
    import("../features/rewards/invite-screen.tsx").then((m) => ({ default: m.InviteScreen })),
  ),
  dayTrading: lazy(() =>
    import("../features/daytrade/day-trading-screen.tsx").then((m) => ({ default: m.DayTradingScreen })),
  ),
  support: lazy(() =>
    import("../features/support/support-screen.tsx").then((m) => ({ default: m.SupportScreen })),
  ),
  subscribe: lazy(() =>
    import("../features/ipo/subscribe-screen.tsx").then((m) => ({ default: m.SubscribeScreen })),
  ),
  subscribeDetail: lazy(() =>
    import("../features/ipo/subscribe-detail-screen.tsx").then((m) => ({ default: m.SubscribeDetailScreen })),
  ),
  subscribeRecord: lazy(() =>
    import("../features/ipo/subscribe-record-screen.tsx").then((m) => ({ default: m.SubscribeRecordScreen })),
  ),
  block: lazy(() => import("../features/block/block-screen.tsx").then((m) => ({ default: m.BlockScreen }))),
  blockApply: lazy(() =>
    import("../features/block/block-apply-screen.tsx").then((m) => ({ default: m.BlockApplyScreen })),
  ),
  follow: lazy(() =>
    import("../features/follow/follow-screens.tsx").then((m) => ({ default: m.FollowScreen })),
  ),
  followOrders: lazy(() =>
    import("../features/follow/follow-screens.tsx").then((m) => ({ default: m.FollowOrdersScreen })),
  ),
  notFound: lazy(() => import("./not-found-screen.tsx").then((m) => ({ default: m.NotFoundScreen }))),
} satisfies Record<string, ComponentType>;

/** The operations console: staff only, a router and a catalog of its own, no member tab bar. */
const OpsConsole = lazy(() =>
  import("../features/ops/ops-console.tsx").then((m) => ({ default: m.OpsConsole })),
);

function isOpsPath(path: string): boolean {
  return path === "/ops" || path.startsWith("/ops/");
}

interface RouteDef {
  screen: ComponentType;
  /** Shows the bottom menu. */
  tab?: boolean;
  /** Stays mounted, hidden, when left (the spec's keepAlive meta flag): tab and scroll position survive. */
  keepAlive?: boolean;
}

const routes: Record<string, RouteDef> = {
  "/login/start": { screen: screens.start },
  "/login/login": { screen: screens.login },
  "/login/register": { screen: screens.register },
  "/login/logon": { screen: screens.smsRequest },
  "/login/logon2": { screen: screens.smsLogin },
  "/home/index": { screen: screens.home, tab: true, keepAlive: true },
  "/home/search": { screen: screens.search },
  "/home/moreNews": { screen: screens.moreNews },
  "/home/DetailsPage": { screen: screens.newsDetail },
  "/market/market": { screen: screens.market, tab: true, keepAlive: true },
  "/market/marketDetail": { screen: screens.marketDetail },
  "/market/stockHot/stockList": { screen: screens.hotLists },
  "/market/marketNew": { screen: screens.newListings },
  "/market/marketBuy": { screen: screens.buy },
  "/market/subscribe": { screen: screens.subscribe },
  "/market/subscribeDetail": { screen: screens.subscribeDetail },
  "/market/subscribeRecord": { screen: screens.subscribeRecord },
  "/market/block": { screen: screens.block },
  "/market/blockApply": { screen: screens.blockApply },
  "/position/position": { screen: screens.positions, tab: true },
  "/position/positionDetail": { screen: screens.positionDetail },
  "/user/usercenter": { screen: screens.userCenter, tab: true },
  "/user/FundingDetails": { screen: screens.fundRecords },
  "/user/changeLang": { screen: screens.changeLang },
  "/user/aboutUs": { screen: screens.about },
  "/user/setting": { screen: screens.settings },
  "/user/loginPassword": { screen: screens.loginPassword },
  "/user/setPassword": { screen: screens.fundPassword },
  "/user/bandCard": { screen: screens.kyc },
  "/user/BankCard": { screen: screens.bankCards },
  "/user/WithCard": { screen: screens.addCard },
  "/user/recharge": { screen: screens.recharge },
  "/user/rechargeChannel": { screen: screens.rechargeChannel },
  "/user/withdraw": { screen: screens.withdraw },
  "/user/exchange": { screen: screens.exchange },
  "/user/jkjl": { screen: screens.loans },
  "/user/rewards": { screen: screens.rewards },
  "/common/dayTrading": { screen: screens.dayTrading },
  "/common/dividend": { screen: screens.dividendCalendar },
  "/common/dividend2": { screen: screens.dividendHistory },
  "/common/dividend3": { screen: screens.dividendDetail },
  "/user/invite": { screen: screens.invite },
  "/user/pj": { screen: screens.support },
  "/gdindex/gdindex": { screen: screens.follow, tab: true },
  "/gdindex/gdList": { screen: screens.followOrders },
};

/** The root leads to the welcome screen. */
const redirects: Record<string, string> = {
  "/": "/login/start",
};

function ScreenFallback() {
  return <div className="screen-fallback" aria-busy="true" />;
}

/** Remembers each kept-alive screen's scroll position and starts every other screen at the top. */
function useScrollMemory(path: string, keepAlive: boolean): void {
  const positions = useRef(new Map<string, number>());
  const previous = useRef(path);
  useLayoutEffect(() => {
    const left = previous.current;
    if (left === path) return;
    positions.current.set(left, window.scrollY);
    previous.current = path;
    window.scrollTo(0, keepAlive ? (positions.current.get(path) ?? 0) : 0);
  }, [path, keepAlive]);
}

export function AppRoutes() {
  const [path] = useLocation();
  const route = routes[path];
  const [kept, setKept] = useState<string[]>([]);
  if (route?.keepAlive && !kept.includes(path)) setKept([...kept, path]);
  useScrollMemory(path, route?.keepAlive ?? false);

  if (isOpsPath(path)) {
    return (
      <Suspense fallback={<ScreenFallback />}>
        <OpsConsole />
      </Suspense>
    );
  }

  const redirect = redirects[path];
  if (redirect) return <Redirect to={redirect} replace />;

  return (
    <div className={route?.tab ? "app-column app-column--tabs" : "app-column"}>
      {kept.map((keptPath) => {
        const Screen = routes[keptPath]?.screen;
        if (!Screen) return null;
        return (
          <Activity key={keptPath} mode={keptPath === path ? "visible" : "hidden"}>
            <Suspense fallback={<ScreenFallback />}>
              <Screen />
            </Suspense>
          </Activity>
        );
      })}
      {route && !route.keepAlive && (
        <Suspense key={path} fallback={<ScreenFallback />}>
          <route.screen />
        </Suspense>
      )}
      {!route && (
        <Suspense key={path} fallback={<ScreenFallback />}>
          <screens.notFound />
        </Suspense>
      )}
      {route?.tab && <TabBar />}
    </div>
  );
}
