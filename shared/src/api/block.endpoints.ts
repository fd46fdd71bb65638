import {
  blockApplicationListSchema,
  blockApplicationQuerySchema,
  blockApplicationSchema,
  blockApplyRequestSchema,
  blockBidRequestSchema,
  blockCatalogSchema,
  blockInstrumentInputSchema,
  blockInstrumentSchema,
  blockOfferingInputSchema,
  blockOfferingSchema,
  opsBlockQuerySchema,
  opsBlockQueueSchema,
} from "./block.ts";
import { endpoint } from "./endpoint.ts";
import { reviewDecisionSchema } from "./staff-decisions.ts";

/** The refusals an application to an offering and a negotiated bid share. */
const applyErrors = [
  "ACCOUNT_FROZEN",
  "TRADING_BARRED",
  "KYC_REQUIRED",
  "QUANTITY_INVALID",
  "PRICE_INVALID",
  "BLOCK_CLOSED",
  "BLOCK_MIN_SHARES",
  "BLOCK_MAX_SHARES",
  "BLOCK_DAILY_LIMIT",
  "INSUFFICIENT_BALANCE",
] as const;

/** Block trades: the member's applications and negotiated bids, and the block desk of operations. */
export const blockApi = {
  catalog: endpoint({
    method: "get",
    path: "/block",
    tag: "block",
    summary:
      "Block offerings and the stocks open to negotiated bids (with each one's price band), the desk's hours, fees and the member's daily limit",
    caller: "member",
    response: blockCatalogSchema,
    // The daily limit counts the member's applications today; the desk's rejection releases one.
    changesWith: ["balance"],
  }),
  applications: endpoint({
    method: "get",
    path: "/block/applications",
    tag: "block",
    summary: "The member's block-trade applications, newest first, of one kind or both",
    caller: "member",
    query: blockApplicationQuerySchema,
    response: blockApplicationListSchema,
    // The desk's approval, rejection or draw moves the held money and fills the position.
    changesWith: ["balance", "position"],
  }),
  apply: endpoint({
    method: "post",
    path: "/block/offerings/{id}/applications",
    tag: "block",
    summary: "Apply for shares of a block offering at its price; the cost and fee are held at once",
    caller: "member",
    idempotent: true,
    tradingPin: true,
    status: 201,
    body: blockApplyRequestSchema,
    response: blockApplicationSchema,
    errors: [...applyErrors, "BLOCK_OFFERING_NOT_FOUND", "BLOCK_ALREADY_APPLIED"],
  }),
  bid: endpoint({
    method: "post",
    path: "/block/bids",
    tag: "block",
    summary:
      "Propose to buy a block, or sell one whole long position, at the member's own price within 7% (at least ¥5) of the last trade; held at once, reviewed by the desk",
    caller: "member",
    idempotent: true,
    tradingPin: true,
    status: 201,
    body: blockBidRequestSchema,
    response: blockApplicationSchema,
    errors: [
      ...applyErrors,
      "BLOCK_NOT_OPEN",
      "BLOCK_PRICE_LIMIT",
      "SYMBOL_INVALID",
      "POSITION_NOT_FOUND",
      "POSITION_NOT_HOLDING",
      "POSITION_LOCKED",
      "POSITION_MIRRORED",
      "BLOCK_ALREADY_APPLIED",
    ],
  }),
  withdraw: endpoint({
    method: "post",
    path: "/block/applications/{id}/withdraw",
    tag: "block",
    summary: "Withdraw a pending block-trade application; its hold is released",
    caller: "member",
    idempotent: true,
    response: blockApplicationSchema,
    errors: ["BLOCK_APPLICATION_NOT_FOUND", "REQUEST_NOT_PENDING"],
  }),
  desk: endpoint({
    method: "get",
    path: "/ops/block",
    tag: "ops",
    summary:
      "The block desk (reviewer): applications in a state (pending by default), offerings and instruments",
    caller: "reviewer",
    query: opsBlockQuerySchema,
    response: opsBlockQueueSchema,
  }),
  review: endpoint({
    method: "post",
    path: "/ops/block/applications/{id}/review",
    tag: "ops",
    summary: "Approve a pending negotiated bid (filled at its price) or reject it with a reason (reviewer)",
    caller: "reviewer",
    body: reviewDecisionSchema,
    response: blockApplicationSchema,
    errors: ["BLOCK_APPLICATION_NOT_FOUND", "REQUEST_NOT_PENDING", "REASON_REQUIRED", "POSITION_NOT_HOLDING"],
  }),
  publish: endpoint({
    method: "post",
    path: "/ops/block/offerings",
    tag: "ops",
    summary:
      "Publish a block offering: stock, fixed price, block size, per-member minimum and maximum, window, lock-up (supervisor)",
    caller: "supervisor",
    status: 201,
    body: blockOfferingInputSchema,
    response: blockOfferingSchema,
    errors: [
      "SYMBOL_NOT_FOUND",
      "SYMBOL_INVALID",
      "PRICE_INVALID",
      "QUANTITY_INVALID",
      "BLOCK_WINDOW_INVALID",
    ],
  }),
  allot: endpoint({
    method: "post",
    path: "/ops/block/offerings/{id}/allot",
    tag: "ops",
    summary:
      "Run a closed offering's draw (the IPO's equal lottery, seed published) and fill the winners (supervisor)",
    caller: "supervisor",
    response: blockOfferingSchema,
    errors: ["BLOCK_OFFERING_NOT_FOUND", "BLOCK_OFFERING_NOT_CLOSED"],
  }),
  openInstrument: endpoint({
    method: "post",
    path: "/ops/block/instruments",
    tag: "ops",
    summary:
      "Open a stock to negotiated bids with its minimum and maximum shares, or change them (supervisor)",
    caller: "supervisor",
    body: blockInstrumentInputSchema,
    response: blockInstrumentSchema,
    errors: ["SYMBOL_NOT_FOUND", "SYMBOL_INVALID", "QUANTITY_INVALID", "BLOCK_WINDOW_INVALID"],
  }),
};
