/**
 * The console's navigation: one list, grouped by area. Each area adds its entry here, with the
 * permission that opens it; the layout shows a person only the entries their role allows. (The
 * pages check the permission again on the server: hiding a link is not protection.)
 */
import type { Permission, Role } from "../../../modules/staff/permissions";

export interface ConsoleNavEntry {
  to: string;
  label: string;
  /** Omitted: every signed-in staff member. */
  permission?: Permission;
  /** The menu's heading this entry sits under; omitted for the overview, which stands first. */
  group?: ConsoleNavGroup;
}

/** The menu's groups, in the order they are shown. */
export const consoleNavGroups = ["Outages", "Public content", "Rates and bills", "Members", "Administration"] as const;
export type ConsoleNavGroup = (typeof consoleNavGroups)[number];

export const consoleNav: ConsoleNavEntry[] = [
  { to: "/staff", label: "Overview" },
  { to: "/staff/interruptions", label: "Interruptions", permission: "interruptions.manage", group: "Outages" },
  { to: "/staff/incidents", label: "Incidents", permission: "incidents.manage", group: "Outages" },
  { to: "/staff/outages", label: "Restoration hub", permission: "incidents.manage", group: "Outages" },
  { to: "/staff/alerts", label: "Alerts", permission: "alerts.manage", group: "Outages" },
  { to: "/staff/announcements/advisory", label: "Advisories", permission: "content.publish", group: "Public content" },
  { to: "/staff/announcements/bid", label: "Bids", permission: "content.publish", group: "Public content" },
  { to: "/staff/content/news", label: "News", permission: "content.publish", group: "Public content" },
  { to: "/staff/content/categories", label: "News categories", permission: "content.publish", group: "Public content" },
  { to: "/staff/content/careers", label: "Careers", permission: "content.publish", group: "Public content" },
  { to: "/staff/content/about", label: "About us", permission: "content.publish", group: "Public content" },
  { to: "/staff/content/gallery", label: "Gallery", permission: "content.publish", group: "Public content" },
  { to: "/staff/content/partners", label: "Partner logos", permission: "content.publish", group: "Public content" },
  { to: "/staff/content/branches", label: "Branches and phones", permission: "content.publish", group: "Public content" },
  { to: "/staff/content/where-to-pay", label: "Where to pay", permission: "content.publish", group: "Public content" },
  { to: "/staff/rates", label: "Rates", permission: "rates.manage", group: "Rates and bills" },
  { to: "/staff/rates/schedule", label: "Rate schedule", permission: "rates.manage", group: "Rates and bills" },
  { to: "/staff/bills", label: "Bills and payments", permission: "bills.import", group: "Rates and bills" },
  { to: "/staff/bills/check", label: "Bill check", permission: "bills.import", group: "Rates and bills" },
  { to: "/staff/bills/payments", label: "Online payments", permission: "payments.reconcile", group: "Rates and bills" },
  { to: "/staff/bills/tokens", label: "Billing tokens", permission: "billing.tokens", group: "Rates and bills" },
  { to: "/staff/members/survey", label: "Survey results", permission: "members.read", group: "Members" },
  { to: "/staff/members/connections", label: "Connection queue", permission: "members.read", group: "Members" },
  { to: "/staff/members/agam", label: "AGAM", permission: "members.read", group: "Members" },
  { to: "/staff/members/agam-tally", label: "AGAM tally", permission: "members.read", group: "Members" },
  { to: "/staff/members/roll", label: "Member roll", permission: "members.manage", group: "Members" },
  { to: "/staff/members/privacy", label: "Data requests", permission: "members.manage", group: "Members" },
  { to: "/staff/members/portal", label: "Member portal", permission: "members.manage", group: "Members" },
  { to: "/staff/users", label: "Users", permission: "users.manage", group: "Administration" },
  { to: "/staff/audit", label: "Audit log", permission: "audit.read", group: "Administration" },
  { to: "/staff/account", label: "My account", group: "Administration" },
];

export interface ConsoleNavSection {
  /** Null for the overview, which stands above the groups. */
  group: ConsoleNavGroup | null;
  entries: { to: string; label: string }[];
  /** The role's daily work: shown open, first; the other groups are folded in the menu. */
  own: boolean;
}

/**
 * Each role's daily work, by menu group: these come first and open, so that on a phone any
 * daily page is two taps away (Menu, then the page); the rest stays one tap further, folded.
 */
export const ROLE_WORK: Record<Role, readonly ConsoleNavGroup[]> = {
  admin: ["Administration"],
  communications: ["Public content"],
  dispatcher: ["Outages"],
  rates: ["Rates and bills"],
  "member-services": ["Members"],
  billing: ["Rates and bills"],
};

/**
 * The entries a role may open, by group: the overview, then the role's own groups, then the
 * others in the menu's order; empty groups left out. Without a role every group is "own".
 */
export function consoleNavSections(allowed: (entry: ConsoleNavEntry) => boolean, role?: Role): ConsoleNavSection[] {
  const open = consoleNav.filter(allowed);
  const pick = (group: ConsoleNavGroup | null) =>
    open.filter((entry) => (entry.group ?? null) === group).map(({ to, label }) => ({ to, label }));
  const own = (group: ConsoleNavGroup | null) => group === null || !role || ROLE_WORK[role].includes(group);
  const groups = [null, ...consoleNavGroups.filter(own), ...consoleNavGroups.filter((g) => !own(g))];
  return groups.map((group) => ({ group, entries: pick(group), own: own(group) })).filter((section) => section.entries.length > 0);
}

/** The entry a path belongs to: the longest entry address that starts it (the overview only for itself). */
export function currentNavEntry(sections: ConsoleNavSection[], pathname: string): { to: string; label: string } | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  let best: { to: string; label: string } | undefined;
  for (const { entries } of sections)
    for (const entry of entries) {
      const hit = entry.to === "/staff" ? path === "/staff" : path === entry.to || path.startsWith(`${entry.to}/`);
      if (hit && (!best || entry.to.length > best.to.length)) best = entry;
    }
  return best;
}

/**
 * What every console route declares as `export const handle: ConsoleHandle = { staff: … }`,
 * and the permission-matrix test (tests/staff/permissions.test.ts) checks against every
 * role: a permission (the loader and action call requireStaff(args, thatPermission)),
 * "signed-in" (any staff member), or "public" (sign-in and enrolment pages).
 * `staffAction` when the action needs a different permission than the page.
 */
export interface ConsoleHandle {
  staff: Permission | "signed-in" | "public";
  staffAction?: Permission | "signed-in" | "public";
}
