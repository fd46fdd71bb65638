import { z } from "zod";
import { blockKinds, blockSides, blockStates } from "../block/rules.ts";
import { minorAmountSchema } from "../money.ts";
import { currencySchema, marketSchema } from "../symbols.ts";
import { safeText } from "../text.ts";

/** A price a share in major units as typed (`1350`, `1350.5`, `18.50`). */
const priceField = safeText({ error: "PRICE_INVALID" })
  .trim()
  .regex(/^\d{1,9}(\.\d{1,4})?$/, { error: "PRICE_INVALID" });
const sharesField = z
  .number({ error: "QUANTITY_INVALID" })
  .int({ error: "QUANTITY_INVALID" })
  .positive({ error: "QUANTITY_INVALID" })
  .max(100_000_000, { error: "QUANTITY_INVALID" });
const symbolField = safeText({ error: "SYMBOL_INVALID" })
  .trim()
  .regex(/^(JP|US):[0-9A-Z][0-9A-Z.-]{0,9}$/, { error: "SYMBOL_INVALID" });

/** An application to an offering: shares at the offering's fixed price. */
export const blockApplyRequestSchema = z.object({ shares: sharesField });
export type BlockApplyRequest = z.input<typeof blockApplyRequestSchema>;

/**
 * A negotiated bid at the member's own price, inside the band: a buy of `shares` of `symbol`, or a
 * sell of one whole long position the member holds (`positionId`, `shares` its quantity).
 */
export const blockBidRequestSchema = z.object({
  symbol: symbolField,
  shares: sharesField,
  price: priceField,
  side: z.enum(blockSides, { error: "VALIDATION_FAILED" }).default("buy"),
  positionId: safeText({ error: "POSITION_NOT_FOUND" })
    .regex(/^\d{1,18}$/, { error: "POSITION_NOT_FOUND" })
    .optional(),
});
export type BlockBidRequest = z.input<typeof blockBidRequestSchema>;

/** Offerings: scheduled (window not open), open (taking applications), closed (awaiting the draw), allotted. */
export const blockOfferingPhases = ["scheduled", "open", "closed", "allotted"] as const;
export type BlockOfferingPhase = (typeof blockOfferingPhases)[number];

export const blockOfferingSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  market: marketSchema,
  currency: currencySchema,
  /** The fixed price a share, major units. */
  price: z.string(),
  /** The block: the most shares allotted in all. */
  sharesOffered: z.number().int(),
  minShares: z.number().int(),
  maxShares: z.number().int(),
  opensAtMs: z.number(),
  closesAtMs: z.number(),
  lockupDays: z.number().int(),
  phase: z.enum(blockOfferingPhases),
  /** Shares asked for by live applications, and by how many members. */
  sharesApplied: z.number().int(),
  members: z.number().int(),
  /** SHA-256 of the draw's seed, published with the offering; the seed itself once drawn. */
  commitment: z.string(),
  seed: z.string().nullable(),
});
export type BlockOffering = z.infer<typeof blockOfferingSchema>;

/** An instrument the desk takes negotiated bids on, with the band around its last auction price. */
export const blockInstrumentSchema = z.object({
  symbol: z.string(),
  market: marketSchema,
  currency: currencySchema,
  minShares: z.number().int(),
  maxShares: z.number().int(),
  /** The last auction trade price; null before the feed has one. */
  last: z.string().nullable(),
  band: z.object({ low: z.string(), high: z.string() }).nullable(),
});
export type BlockInstrument = z.infer<typeof blockInstrumentSchema>;

export const blockCatalogSchema = z.object({
  offerings: z.array(blockOfferingSchema),
  instruments: z.array(blockInstrumentSchema),
  /** Whether the desk takes applications now, and its hours ("09:30-19:30" or "always"). */
  deskOpen: z.boolean(),
  hours: z.string(),
  /** The fee and the sale tax, parts per million, per market: the form's estimate uses them. */
  feePpm: z.object({ JP: z.number().int(), US: z.number().int() }),
  taxPpm: z.object({ JP: z.number().int(), US: z.number().int() }),
  /** The member's daily purchase limit and what today's applications already hold, minor units. */
  daily: z.array(z.object({ currency: currencySchema, limit: minorAmountSchema, used: minorAmountSchema })),
});
export type BlockCatalog = z.infer<typeof blockCatalogSchema>;

export const blockApplicationSchema = z.object({
  id: z.string(),
  kind: z.enum(blockKinds),
  side: z.enum(blockSides),
  offeringId: z.string().nullable(),
  /** A sell bid's position, sold whole when the desk approves. */
  sourcePositionId: z.string().nullable(),
  symbol: z.string(),
  market: marketSchema,
  currency: currencySchema,
  shares: z.number().int(),
  price: z.string(),
  /** Held at once (a buy: notional plus fee; a sell: its fee and tax) and the fee in it, minor units. */
  held: minorAmountSchema,
  fee: minorAmountSchema,
  /** The shares filled when it passed (an offering's draw may allot fewer than asked). */
  sharesFilled: z.number().int(),
  state: z.enum(blockStates),
  /** The desk's reason for a rejection; null for a draw the member did not win. */
  reason: z.string().nullable(),
  /** An offering application's entry in the published draw (SHA-256 of offering, number, secret salt). */
  entryHash: z.string().nullable(),
  positionId: z.string().nullable(),
  lockedUntilMs: z.number().nullable(),
  createdAtMs: z.number(),
  decidedAtMs: z.number().nullable(),
});
export type BlockApplication = z.infer<typeof blockApplicationSchema>;
export const blockApplicationListSchema = z.object({ items: z.array(blockApplicationSchema) });
export const blockApplicationQuerySchema = z.object({ kind: z.enum(blockKinds).optional() });

// Operations

export const blockOfferingInputSchema = z.object({
  symbol: symbolField,
  price: priceField,
  sharesOffered: sharesField,
  minShares: sharesField,
  maxShares: sharesField,
  opensAtMs: z.number({ error: "BLOCK_WINDOW_INVALID" }).int({ error: "BLOCK_WINDOW_INVALID" }),
  closesAtMs: z.number({ error: "BLOCK_WINDOW_INVALID" }).int({ error: "BLOCK_WINDOW_INVALID" }),
  lockupDays: z.number().int().min(0).max(365).default(0),
});
export type BlockOfferingInput = z.input<typeof blockOfferingInputSchema>;

export const blockInstrumentInputSchema = z.object({
  symbol: symbolField,
  minShares: sharesField,
  maxShares: sharesField,
});
export type BlockInstrumentInput = z.input<typeof blockInstrumentInputSchema>;

export const opsBlockApplicationSchema = blockApplicationSchema.extend({
  memberId: z.string(),
  memberAccount: z.string(),
});
export type OpsBlockApplication = z.infer<typeof opsBlockApplicationSchema>;
export const opsBlockQueueSchema = z.object({
  applications: z.array(opsBlockApplicationSchema),
  offerings: z.array(blockOfferingSchema),
  instruments: z.array(blockInstrumentSchema),
});
export type OpsBlockQueue = z.infer<typeof opsBlockQueueSchema>;
export const opsBlockQuerySchema = z.object({ state: z.enum(blockStates).optional() });
