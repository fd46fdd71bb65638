import { roleAtLeast, type StaffRole } from "@kabuto/shared/api/ops";
import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import type { ConsoleSection, MemberCard } from "../../app/feature.ts";
import { features } from "../../app/features.ts";
import { addConsoleCodes } from "./code-words.ts";

/** Where the console's screens live: everything under `#/ops`. */
export const opsHome = "/ops";
export const opsLogin = "/ops/login";

/** A section of the console: the console's own below, and each product's (`consoleSections`). */
export type OpsSection = ConsoleSection;

const screen = {
  dashboard: lazy(() => import("./dashboard-screen.tsx").then((m) => ({ default: m.DashboardScreen }))),
  memberSearch: lazy(() => import("./member-screens.tsx").then((m) => ({ default: m.MemberSearchScreen }))),
  memberDetail: lazy(() => import("./member-screens.tsx").then((m) => ({ default: m.MemberDetailScreen }))),
  config: lazy(() => import("./config-screen.tsx").then((m) => ({ default: m.ConfigScreen }))),
  audit: lazy(() => import("./audit-screen.tsx").then((m) => ({ default: m.AuditScreen }))),
  staff: lazy(() => import("./staff-screen.tsx").then((m) => ({ default: m.StaffScreen }))),
};

/** The console's own sections: the overview, members, settings, the audit log and staff. */
const ownSections: readonly OpsSection[] = [
  {
    area: "dashboard",
    path: opsHome,
    role: "reviewer",
    label: msg`Overview`,
    list: screen.dashboard,
    order: 0,
  },
  {
    area: "members",
    path: "/ops/members",
    role: "reviewer",
    label: msg`Members`,
    list: screen.memberSearch,
    detail: screen.memberDetail,
    order: 100,
  },
  {
    area: "config",
    path: "/ops/config",
    role: "supervisor",
    label: msg`Public settings`,
    list: screen.config,
    order: 130,
  },
  {
    area: "audit",
    path: "/ops/audit",
    role: "supervisor",
    label: msg`Audit log`,
    list: screen.audit,
    order: 150,
  },
  { area: "staff", path: "/ops/staff", role: "admin", label: msg`Staff`, list: screen.staff, order: 160 },
];

/**
 * The console's menu, in the order staff work through it: queues first, settings last. The
 * console's own sections until `loadOpsSections` has added every product's.
 */
export let opsSections: readonly OpsSection[] = ownSections;

/** Every product's cards on the member page, once `loadOpsSections` has loaded them. */
export let memberCards: readonly MemberCard[] = [];

/** Adds every product's sections, member cards and codes' words (each loaded with the console, not with the members' app). */
export async function loadOpsSections(): Promise<readonly OpsSection[]> {
  const [products, cards, codes] = await Promise.all([
    Promise.all(features.map((feature) => feature.consoleSections?.() ?? [])),
    Promise.all(features.map((feature) => feature.consoleMemberCards?.() ?? [])),
    Promise.all(features.map((feature) => feature.consoleCodes?.() ?? [])),
  ]);
  addConsoleCodes(codes.flat());
  opsSections = [...ownSections, ...products.flat()].sort((a, b) => a.order - b.order);
  memberCards = cards.flat().sort((a, b) => a.order - b.order);
  return opsSections;
}

/** The sections a role may open. */
export function sectionsFor(role: StaffRole): OpsSection[] {
  return opsSections.filter((section) => roleAtLeast(role, section.role));
}

/** The section a console path belongs to: `/ops/kyc/12` is in `kyc`; unknown paths in none. */
export function sectionOf(path: string): OpsSection | undefined {
  if (path === opsHome || path === `${opsHome}/`) return opsSections[0];
  return opsSections.find(
    (section) => section.path !== opsHome && (path === section.path || path.startsWith(`${section.path}/`)),
  );
}

/** Where to return after signing in: the console path a 401 interrupted, never the sign-in screen. */
export function returnPath(next: string | null): string {
  if (!next || next === opsLogin || !sectionOf(next.split("?")[0] ?? "")) return opsHome;
  return next;
}
