import type { tradingCodes } from "@kabuto/shared/api/trading.codes";
import { msg } from "@lingui/core/macro";
import type { ErrorMessages } from "../../lib/error-messages.ts";

/** What the error codes of trading say to a member. */
export const tradingErrors: ErrorMessages<typeof tradingCodes> = {
  PRODUCT_NOT_FOUND: msg`This product does not exist or has been delisted.`,
  SIDE_INVALID: msg`Choose long or short.`,
  ORDER_TYPE_INVALID: msg`Choose market, limit, stop or stop-limit.`,
  QUANTITY_INVALID: msg`Enter a quantity in whole trading units.`,
  LEVERAGE_INVALID: msg`This leverage is not available.`,
  PRICE_REQUIRED: msg`Enter a price.`,
  PRICE_INVALID: msg`Enter a valid price.`,
  PRICE_OFF_TICK: msg`The price is not on the stock's tick size.`,
  PRICE_LIMIT_EXCEEDED: msg`The price is outside today's price limits.`,
  SESSION_INVALID: msg`This trading session is not available.`,
  MARKET_ORDER_OUTSIDE_REGULAR: msg`Market orders are accepted only in the regular session.`,
  OUTSIDE_TRADING_HOURS: msg`Outside trading hours.`,
  PRICE_UNAVAILABLE: msg`The stock price could not be obtained. Please try again.`,
  BOOK_TOO_THIN: msg`Not enough orders in the book to fill this order.`,
  ORDER_NOT_FOUND: msg`This order does not exist.`,
  ORDER_NOT_PENDING: msg`Only a pending order can be cancelled.`,
  POSITION_NOT_FOUND: msg`This position does not exist.`,
  POSITION_NOT_HOLDING: msg`Only a held position can be closed.`,
  POSITION_LOCKED: msg`This position is locked and cannot be sold yet.`,
  POSITION_NOT_LEVERAGED: msg`Margin can be added only to a leveraged position: this one is held at 1× with its own cash.`,
  TRIGGER_REQUIRED: msg`Enter a trigger price.`,
  TRIGGER_INVALID: msg`Enter a valid trigger price.`,
  TRIGGER_OFF_TICK: msg`The trigger price is not on the stock's tick size.`,
  TRIGGER_LIMIT_EXCEEDED: msg`The trigger price is outside today's price limits.`,
  TRIGGER_WRONG_SIDE: msg`The trigger price has already been reached: set a buy stop above the current price and a sell stop below it.`,
  STOP_OUTSIDE_REGULAR: msg`Stop orders on US stocks are accepted only in the regular session.`,
  QUOTE_STALE: msg`Prices for this stock are delayed, so stop orders cannot be placed now. Please try again shortly.`,
  CLOSE_ORDER_INVALID: msg`An order that closes a position must be a stop or a limit for the whole position, on the opposite side.`,
  TRAIL_INVALID: msg`Enter a valid trailing amount, without a trigger price.`,
  TRAIL_CLOSE_ONLY: msg`A trailing stop can only close a position.`,
};
