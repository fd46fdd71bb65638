import type { StaffRole } from "@kabuto/shared/api/ops";
import type { AuditActionCode, ErrorCode, JournalKind } from "@kabuto/shared/codes";
import type { AccountEvent } from "@kabuto/shared/protocol/socket";
import type { MessageDescriptor } from "@lingui/core";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** A screen in its own chunk, rendered lazily, whose chunk can also be asked for before it renders. */
export interface LazyScreen extends LazyExoticComponent<ComponentType> {
  /** Starts loading the screen's chunk (once); rendering it later uses the same load. */
  preload(): Promise<unknown>;
}

/**
 * `React.lazy` with the loader kept: the app asks for the opening screen's chunk while its
 * language loads, instead of after (main.tsx), which takes one round trip off a phone's first paint.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const once = () => {
    loading ??= load();
    return loading;
  };
  return Object.assign(lazy(once), { preload: once });
}

/** One of the spec's routes: the screen it opens (lazily: every screen is its own chunk). */
export interface RouteDef {
  screen: LazyScreen;
  /** Shows the bottom menu. */
  tab?: boolean;
  /** Stays mounted, hidden, when left (the spec's keepAlive meta flag): tab and scroll position survive. */
  keepAlive?: boolean;
  /**
   * Starts the screen's main read when the app opens on it, beside the screen's chunk
   * (`prefetchEndpoint`); given the route's query. Only what the screen would read at once.
   */
  prefetch?: (query: URLSearchParams) => void;
}

/** A link among Home's shortcuts. */
export interface HomeShortcut {
  href: string;
  label: MessageDescriptor;
  icon: ComponentType;
  testId: string;
  /** Where it stands among every feature's shortcuts: lower first. */
  order: number;
}

/** A row of Mine's menu, with the figure it shows beside its label, if any. */
export interface MineRow {
  href: string;
  label: MessageDescriptor;
  icon: ComponentType;
  testId?: string;
  /** Loaded with the row (lazily, as screens are); shows while the member is signed in. */
  value?: ComponentType;
  order: number;
}

/** A tab of the Transaction screen (`/position/position?tab=<id>`). */
export interface PositionTab {
  id: string;
  label: MessageDescriptor;
  testId?: string;
  /** Rendered while the tab is chosen; lazily loaded, so a product's code loads with its tab. */
  panel: ComponentType;
  order: number;
}

/** A button in a stock page's header beside the watchlist star (lazily loaded, as screens are). */
export interface StockAction {
  component: ComponentType<{ symbol: string }>;
  order: number;
}

/**
 * A section of the operations console: its menu entry, the weakest role the server lets read it
 * (it checks every call anyway), its list screen at `path` and its detail screen at `path/:id`.
 * A product declares its sections in `<feature>/ops/console.ts`, beside its console screens, so
 * their text goes to the console's catalog, never the members', and loads with the console.
 */
export interface ConsoleSection {
  area: string;
  path: string;
  role: StaffRole;
  label: MessageDescriptor;
  list: ComponentType;
  detail?: ComponentType<{ id: string }>;
  order: number;
}

/**
 * A card of a product's on the console's member page (a member's rewards, their credit lines):
 * in the page's main column or beside it, for staff of at least `role`.
 */
export interface MemberCard {
  place: "main" | "side";
  role: StaffRole;
  card: ComponentType<{ memberId: string }>;
  order: number;
}

/**
 * A product on the client: what the shell and the shared screens need to know of it. The shell
 * reads the list in `features.ts`; a feature's screens and parts stay in its own folder, and
 * what it puts on Home, Mine or the Transaction screen comes with it here.
 */
export interface Feature {
  name: string;
  /** The spec's paths its screens answer, with their flags. */
  routes: Readonly<Record<string, RouteDef>>;
  homeShortcuts?: readonly HomeShortcut[];
  mineRows?: readonly MineRow[];
  positionTabs?: readonly PositionTab[];
  stockActions?: readonly StockAction[];
  /**
   * What it does when one of the member's account events of its own arrives, beyond the re-reads
   * its endpoints' `changesWith` bring (telling the member wherever they are in the app).
   */
  accountEvents?: Readonly<Partial<Record<AccountEvent["type"], (id: string) => void>>>;
  /** What its products' error codes say (`<feature>.errors.ts`). */
  errorMessages?: Readonly<Partial<Record<ErrorCode, MessageDescriptor>>>;
  /**
   * Loaded by the console alone, so the members' app carries none of it (`ops/console.ts`).
   */
  consoleSections?: () => Promise<readonly ConsoleSection[]>;
  /** Its cards on the console's member page, loaded with the console like its sections. */
  consoleMemberCards?: () => Promise<readonly MemberCard[]>;
  /** What its products' journal kinds read as in the member's fund records (`<feature>.journals.ts`). */
  recordKinds?: Readonly<Partial<Record<JournalKind, MessageDescriptor>>>;
  /**
   * What its products' codes read as in the console (journal kinds, audit actions, ledger
   * checks), in the console's catalog: loaded with the console, from `ops/console.ts`.
   */
  consoleCodes?: () => Promise<readonly ConsoleCodeWords[]>;
}

/**
 * What a product's journal kinds read as, typed over its codes (`shared/src/api/<product>.codes.ts`),
 * so a kind added to a product does not compile until it has its words.
 */
export type JournalWords<C extends { journals: readonly string[] }> = Readonly<
  Record<C["journals"][number], MessageDescriptor>
>;

/** What a product's codes read as in the console, typed over its codes as `JournalWords` is. */
export interface ConsoleCodes<C extends { journals: readonly string[]; audit: readonly string[] }> {
  journalKinds: JournalWords<C>;
  auditActions: Readonly<Record<C["audit"][number], MessageDescriptor>>;
  /**
   * What each of its ledger checks (the server's `ledgerChecks`, by name) finds; `{count}` is
   * the number of findings.
   */
  ledgerChecks?: Readonly<Record<string, MessageDescriptor>>;
}

/** Any product's `ConsoleCodes`, as the console joins them. */
export interface ConsoleCodeWords {
  journalKinds: Readonly<Partial<Record<JournalKind, MessageDescriptor>>>;
  auditActions: Readonly<Partial<Record<AuditActionCode, MessageDescriptor>>>;
  ledgerChecks?: Readonly<Record<string, MessageDescriptor>>;
}

type Part = "homeShortcuts" | "mineRows" | "positionTabs" | "stockActions";

/** Every feature's contributions of one kind, in their order. */
export function partsOf<K extends Part>(
  features: readonly Feature[],
  part: K,
): NonNullable<Feature[K]>[number][] {
  return features
    .flatMap((feature) => (feature[part] ?? []) as NonNullable<Feature[K]>[number][])
    .sort((a, b) => a.order - b.order);
}
