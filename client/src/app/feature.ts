import type { ComponentType } from "react";

/** One of the spec's routes: the screen it opens (lazily: every screen is its own chunk). */
export interface RouteDef {
  screen: ComponentType;
  /** Shows the bottom menu. */
  tab?: boolean;
  /** Stays mounted, hidden, when left (the spec's keepAlive meta flag): tab and scroll position survive. */
  keepAlive?: boolean;
}

/**
 * A product on the client: what the shell needs to know of it. The shell reads the list in
 * `features.ts`; a feature's screens and parts stay in its own folder.
 */
export interface Feature {
  name: string;
  /** The spec's paths its screens answer, with their flags. */
  routes: Readonly<Record<string, RouteDef>>;
}
