import { alertsProduct } from "./alerts/alerts.product.ts";
import { authProduct } from "./auth/auth.product.ts";
import { blockProduct } from "./block/block.product.ts";
import { dayTradingProduct } from "./daytrade/day-trading.product.ts";
import { dividendsProduct } from "./dividends/dividends.product.ts";
import { followProduct } from "./follow/follow.product.ts";
import { fundingProduct } from "./funding/funding.product.ts";
import { identityProduct } from "./identity/identity.product.ts";
import { ipoProduct } from "./ipo/ipo.product.ts";
import { loansProduct } from "./loans/loans.product.ts";
import { marketProduct } from "./market/market.product.ts";
import { newsProduct } from "./news/news.product.ts";
import { staffProduct } from "./ops/staff.product.ts";
import { proofProduct } from "./proof/proof.product.ts";
import { pushProduct } from "./push/push.product.ts";
import { rewardsProduct } from "./rewards/rewards.product.ts";
import { statementsProduct } from "./statements/statements.product.ts";
import { supportProduct } from "./support/support.product.ts";
import { systemProduct } from "./system/system.product.ts";
import { tradingProduct } from "./trading/trading.product.ts";
import { tradingPinProduct } from "./trading-pin/trading-pin.product.ts";
import { uploadsProduct } from "./uploads/uploads.product.ts";
import { watchlistProduct } from "./watchlist/watchlist.product.ts";

/**
 * Every product of the broker, in the order they are built and mounted: a product comes after
 * the products it uses. The API, the worker and the composition read this list and nothing else;
 * a new product is its folder and one line here.
 */
export const products = [
  systemProduct,
  authProduct,
  marketProduct,
  watchlistProduct,
  newsProduct,
  pushProduct,
  tradingProduct,
  staffProduct,
  uploadsProduct,
  rewardsProduct,
  identityProduct,
  fundingProduct,
  loansProduct,
  dayTradingProduct,
  dividendsProduct,
  followProduct,
  supportProduct,
  ipoProduct,
  blockProduct,
  alertsProduct,
  tradingPinProduct,
  proofProduct,
  statementsProduct,
] as const;
