import { roleAtLeast, type StaffRole } from "@kabuto/shared/api/ops";

/** Where the console's screens live: everything under `#/ops`. */
export const opsHome = "/ops";
export const opsLogin = "/ops/login";

export type OpsArea =
  | "dashboard"
  | "kyc"
  | "deposits"
  | "withdrawals"
  | "loans"
  | "dayTrading"
  | "leads"
  | "support"
  | "offerings"
  | "block"
  | "members"
  | "rewards"
  | "channels"
  | "config"
  | "news"
  | "audit"
  | "staff";

export interface OpsSection {
  area: OpsArea;
  path: string;
  /** The weakest role the server lets read this section (it checks every call anyway). */
  role: StaffRole;
}

/** The console's menu, in the order staff work through it: queues first, settings last (labels in ops-layout.tsx). */
export const opsSections: readonly OpsSection[] = [
  { area: "dashboard", path: opsHome, role: "reviewer" },
  { area: "kyc", path: "/ops/kyc", role: "reviewer" },
  { area: "deposits", path: "/ops/deposits", role: "reviewer" },
  { area: "withdrawals", path: "/ops/withdrawals", role: "reviewer" },
  { area: "loans", path: "/ops/loans", role: "reviewer" },
  { area: "dayTrading", path: "/ops/day-trading", role: "reviewer" },
  { area: "leads", path: "/ops/leads", role: "reviewer" },
  { area: "support", path: "/ops/support", role: "reviewer" },
  { area: "offerings", path: "/ops/ipo", role: "reviewer" },
  { area: "block", path: "/ops/block", role: "reviewer" },
  { area: "members", path: "/ops/members", role: "reviewer" },
  { area: "rewards", path: "/ops/rewards", role: "reviewer" },
  { area: "channels", path: "/ops/channels", role: "supervisor" },
  { area: "config", path: "/ops/config", role: "supervisor" },
  { area: "news", path: "/ops/news", role: "supervisor" },
  { area: "audit", path: "/ops/audit", role: "supervisor" },
  { area: "staff", path: "/ops/staff", role: "admin" },
];

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
