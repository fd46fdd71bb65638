import { dividendDetailSchema, dividendListSchema, dividendQuerySchema } from "./dividends.ts";
import { endpoint } from "./endpoint.ts";

/** The member's dividend calendar, their payments, and one dividend's detail; nothing here changes money. */
export const dividendsApi = {
  list: endpoint({
    method: "get",
    path: "/dividends",
    tag: "dividends",
    summary:
      "scope=upcoming: announced dividends on the member's holdings and watchlist with what they would receive or pay; scope=history: what they received and paid",
    caller: "member",
    query: dividendQuerySchema,
    response: dividendListSchema,
    errors: ["VALIDATION_FAILED"],
  }),
  detail: endpoint({
    method: "get",
    path: "/dividends/{id}",
    tag: "dividends",
    summary:
      "One dividend (`JP:7203@2027-03-30`): dates, amount, the estimate while ahead, the member's payments once ex",
    caller: "member",
    response: dividendDetailSchema,
    errors: ["DIVIDEND_NOT_FOUND"],
  }),
};
