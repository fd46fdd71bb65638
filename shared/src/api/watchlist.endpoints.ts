import { endpoint } from "./endpoint.ts";
import { watchlistSchema } from "./market.ts";

/** The member's watchlist: the names whose quotes the market screen shows first. */
export const watchlistApi = {
  list: endpoint({
    method: "get",
    path: "/watchlist",
    tag: "watchlist",
    summary: "The member's watchlist, oldest first",
    caller: "member",
    response: watchlistSchema,
  }),
  add: endpoint({
    method: "put",
    path: "/watchlist/{symbol}",
    tag: "watchlist",
    summary: "Add a symbol (adding one already there changes nothing)",
    caller: "member",
    response: watchlistSchema,
    errors: ["SYMBOL_INVALID", "SYMBOL_NOT_FOUND", "WATCHLIST_FULL"],
  }),
  remove: endpoint({
    method: "delete",
    path: "/watchlist/{symbol}",
    tag: "watchlist",
    summary: "Remove a symbol (removing one not there changes nothing)",
    caller: "member",
    response: watchlistSchema,
    errors: ["SYMBOL_INVALID"],
  }),
};
