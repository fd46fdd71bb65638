import { endpoint } from "./endpoint.ts";
import { removeTradingPinSchema, setTradingPinSchema, tradingPinStatusSchema } from "./trading-pin.ts";

/** What proving who asks can meet: the fund password's and the sign-in password's refusals. */
const proofErrors = [
  "TRADING_PIN_PROOF_REQUIRED",
  "OLD_PASSWORD_WRONG",
  "LOGIN_THROTTLED",
  "FUND_PASSWORD_NOT_SET",
  "FUND_PASSWORD_WRONG",
  "FUND_PASSWORD_THROTTLED",
] as const;

/**
 * The member's optional trading PIN: once set, every request declared `tradingPin: true` (orders,
 * copies, IPO payments, block applications, repayments) must carry it in `X-Trading-Pin`.
 */
export const tradingPinApi = {
  status: endpoint({
    method: "get",
    path: "/me/trading-pin",
    tag: "trading-pin",
    summary: "Whether the member has a trading PIN, which money-moving requests must then carry",
    caller: "member",
    response: tradingPinStatusSchema,
  }),
  set: endpoint({
    method: "post",
    path: "/me/trading-pin",
    tag: "trading-pin",
    summary:
      "Set or change the six-digit trading PIN; the sign-in password or the fund password proves who asks",
    caller: "member",
    body: setTradingPinSchema,
    response: tradingPinStatusSchema,
    errors: [...proofErrors, "TRADING_PIN_INVALID", "TRADING_PIN_WEAK", "PASSWORDS_DIFFER"],
  }),
  remove: endpoint({
    method: "post",
    path: "/me/trading-pin/remove",
    tag: "trading-pin",
    summary: "Remove the trading PIN; the sign-in password or the fund password proves who asks",
    caller: "member",
    body: removeTradingPinSchema,
    response: tradingPinStatusSchema,
    errors: [...proofErrors, "TRADING_PIN_NOT_SET"],
  }),
};
