import { z } from "zod";
import { exclusionReasons, offeringPhases, offeringStages, subscriptionStates } from "../ipo/rules.ts";
import { minorAmountSchema } from "../money.ts";
import { currencySchema, marketSchema } from "../symbols.ts";
import { safeText } from "../text.ts";
import { localizedNameSchema } from "./market.ts";

/** A price a share in major units, as a member or staff type it (`1350`, `18.50`). */
const priceField = safeText({ error: "PRICE_INVALID" })
  .trim()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: "PRICE_INVALID" });
const isoDateField = safeText({ error: "OFFERING_SCHEDULE_INVALID" }).regex(/^\d{4}-\d{2}-\d{2}$/, {
  error: "OFFERING_SCHEDULE_INVALID",
});
/** Units (lots) a member asks for: a whole number ("lots must be whole numbers"). */
const unitsField = z
  .number({ error: "UNITS_NOT_WHOLE" })
  .int({ error: "UNITS_NOT_WHOLE" })
  .positive({ error: "UNITS_NOT_WHOLE" })
  .max(1_000_000, { error: "UNITS_NOT_WHOLE" });

/** A declaration: a price inside the band, or null for "at the offer price" (strike). */
export const declarationRequestSchema = z.object({
  price: priceField.nullable(),
  units: unitsField,
});
export type DeclarationRequest = z.input<typeof declarationRequestSchema>;

const nameText = safeText({ error: "VALIDATION_FAILED" }).trim().min(1).max(80);

/** What operations fill in to create an offering, or to edit it before book-building opens. */
export const offeringInputSchema = z.object({
  code: safeText({ error: "VALIDATION_FAILED" })
    .trim()
    .regex(/^[0-9A-Z]{1,6}$/, { error: "VALIDATION_FAILED" }),
  market: marketSchema,
  name: z.object({ ja: nameText, en: nameText, zhHant: nameText }),
  /** A sector key as the universe spells them (`software`, `semiconductors`). */
  sector: safeText({ error: "VALIDATION_FAILED" })
    .trim()
    .regex(/^[a-z_]{2,40}$/, { error: "VALIDATION_FAILED" }),
  bandLow: priceField,
  bandHigh: priceField,
  unitsOffered: z.number().int().positive().max(10_000_000),
  bookOpenDate: isoDateField,
  bookCloseDate: isoDateField,
  priceDate: isoDateField,
  paymentEndDate: isoDateField,
  listingDate: isoDateField,
  lockupDays: z.number().int().min(0).max(365).default(0),
  /** Early release of the lock-up at this multiple of the offer price (`"1.5"`), or null. */
  releaseMultiple: safeText({ error: "VALIDATION_FAILED" })
    .regex(/^\d{1,2}(\.\d{1,2})?$/, { error: "VALIDATION_FAILED" })
    .nullable()
    .default(null),
});
export type OfferingInput = z.input<typeof offeringInputSchema>;

export const offerPriceSchema = z.object({ price: priceField });

const timelineSchema = z.object({
  bookOpenMs: z.number(),
  bookCloseMs: z.number(),
  priceDate: z.string(),
  paymentEndMs: z.number(),
  waitlistPaymentEndMs: z.number(),
  listingDate: z.string(),
  listingMs: z.number(),
  /** When the offer price is set, where the offering runs on the demo time scale; else null (its day). */
  priceMs: z.number().nullable(),
  /** When its allotted positions' lock-up ends, or null without one. */
  lockUpEndMs: z.number().nullable(),
  /** Its windows are instants minutes apart (the demo time scale): screens show times, not days. */
  inMinutes: z.boolean(),
});

export const offeringSchema = z.object({
  id: z.string(),
  code: z.string(),
  /** The symbol it trades under from listing day, `JP:<code>` or `US:<code>`. */
  symbol: z.string(),
  market: marketSchema,
  currency: currencySchema,
  name: localizedNameSchema,
  sector: z.string(),
  /** Shares in one unit (TSE 100, US 1). */
  unitShares: z.number().int().positive(),
  bandLow: z.string(),
  bandHigh: z.string(),
  offerPrice: z.string().nullable(),
  unitsOffered: z.number().int(),
  dates: timelineSchema,
  lockupDays: z.number().int(),
  releaseMultiple: z.string().nullable(),
  stage: z.enum(offeringStages),
  phase: z.enum(offeringPhases),
  tab: z.enum(["pending", "progress", "ended"]),
  /** SHA-256 of the draw's secret seed, public from creation. */
  commitment: z.string(),
  /** Units asked by live declarations (eligible after pricing) and by how many members. */
  unitsAsked: z.number().int(),
  members: z.number().int(),
  /** Units asked per unit offered: the live odds. */
  demandRatio: z.number(),
});
export type Offering = z.infer<typeof offeringSchema>;
export const offeringListSchema = z.object({ items: z.array(offeringSchema) });
export const offeringQuerySchema = z.object({ tab: z.enum(["pending", "progress", "ended"]).optional() });

export const subscriptionSchema = z.object({
  id: z.string(),
  offeringId: z.string(),
  code: z.string(),
  name: localizedNameSchema,
  market: marketSchema,
  currency: currencySchema,
  /** Declared price, or null for strike. */
  price: z.string().nullable(),
  units: z.number().int(),
  state: z.enum(subscriptionStates),
  exclusion: z.enum(exclusionReasons).nullable(),
  unitsWon: z.number().int(),
  waitlistPlace: z.number().int().nullable(),
  /** Until when a won subscription may be paid (epoch ms). */
  payByMs: z.number().nullable(),
  /** What paying costs (won) or cost (paid), minor units; null before there is an offer price. */
  amountDue: minorAmountSchema.nullable(),
  amountPaid: minorAmountSchema.nullable(),
  /** The hash this subscription entered the draw under: only its member is shown which is theirs. */
  entryHash: z.string(),
  positionId: z.string().nullable(),
  /** Whether it may still be changed or cancelled: declared, with book-building open. */
  cancellable: z.boolean(),
  createdAtMs: z.number(),
  updatedAtMs: z.number(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionListSchema = z.object({ items: z.array(subscriptionSchema) });

/** The published draw: the seed, the eligible entries in the draw's order, the result and the waitlist. */
export const publishedDrawSchema = z.object({
  seed: z.string(),
  unitsOffered: z.number().int(),
  entries: z.array(z.object({ hash: z.string(), units: z.number().int() })),
  won: z.array(z.object({ hash: z.string(), units: z.number().int() })),
  waitlist: z.array(z.string()),
  drawnAtMs: z.number(),
});
export type PublishedDraw = z.infer<typeof publishedDrawSchema>;

export const offeringDetailSchema = z.object({
  offering: offeringSchema,
  /** The member's live subscription, if any. */
  subscription: subscriptionSchema.nullable(),
  draw: publishedDrawSchema.nullable(),
});
export type OfferingDetail = z.infer<typeof offeringDetailSchema>;

/** Operations' view: the offering, demand at each declared price, and the counts by state. */
export const opsOfferingSchema = z.object({
  offering: offeringSchema,
  demand: z.array(
    z.object({ price: z.string().nullable(), units: z.number().int(), members: z.number().int() }),
  ),
  states: z.array(z.object({ state: z.enum(subscriptionStates), count: z.number().int() })),
});
export type OpsOffering = z.infer<typeof opsOfferingSchema>;
