import { alertsFeature } from "../features/alerts/alerts.feature.ts";
import { authFeature } from "../features/auth/auth.feature.ts";
import { blockFeature } from "../features/block/block.feature.ts";
import { dayTradingFeature } from "../features/daytrade/daytrade.feature.ts";
import { dividendsFeature } from "../features/dividends/dividends.feature.ts";
import { followFeature } from "../features/follow/follow.feature.ts";
import { fundsFeature } from "../features/funds/funds.feature.ts";
import { homeFeature } from "../features/home/home.feature.ts";
import { identityFeature } from "../features/identity/identity.feature.ts";
import { ipoFeature } from "../features/ipo/ipo.feature.ts";
import { loansFeature } from "../features/loans/loans.feature.ts";
import { marketFeature } from "../features/market/market.feature.ts";
import { proofFeature } from "../features/proof/proof.feature.ts";
import { rewardsFeature } from "../features/rewards/rewards.feature.ts";
import { searchFeature } from "../features/search/search.feature.ts";
import { statementsFeature } from "../features/statements/statements.feature.ts";
import { supportFeature } from "../features/support/support.feature.ts";
import { tradingFeature } from "../features/trading/trading.feature.ts";
import { tradingPinFeature } from "../features/trading-pin/trading-pin.feature.ts";
import { userFeature } from "../features/user/user.feature.ts";
import { walletFeature } from "../features/wallet/wallet.feature.ts";
import { addErrorMessages } from "../lib/error-messages.ts";
import type { Feature } from "./feature.ts";

/**
 * Every feature of the app, in the order the shell reads them. A new product is its folder and one
 * line here: its routes (and, as they move here, its shortcuts, tabs and menu rows) come with it.
 */
export const features: readonly Feature[] = [
  authFeature,
  homeFeature,
  searchFeature,
  marketFeature,
  tradingFeature,
  ipoFeature,
  blockFeature,
  userFeature,
  fundsFeature,
  identityFeature,
  walletFeature,
  loansFeature,
  rewardsFeature,
  dayTradingFeature,
  dividendsFeature,
  supportFeature,
  followFeature,
  alertsFeature,
  tradingPinFeature,
  proofFeature,
  statementsFeature,
];

// Every feature's error messages join the kernel's before the first screen shows an error.
addErrorMessages(features.map((feature) => feature.errorMessages ?? {}));
