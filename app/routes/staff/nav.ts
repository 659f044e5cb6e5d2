/**
 * The console's navigation: one list. Each area adds its entry here, with the permission
 * that opens it; the layout shows a person only the entries their role allows. (The pages
 * check the permission again on the server: hiding a link is not protection.)
 */
import type { Permission } from "../../../modules/staff/permissions";

export interface ConsoleNavEntry {
  to: string;
  label: string;
  /** Omitted: every signed-in staff member. */
  permission?: Permission;
}

export const consoleNav: ConsoleNavEntry[] = [
  { to: "/staff", label: "Overview" },
  { to: "/staff/interruptions", label: "Interruptions", permission: "interruptions.manage" },
  { to: "/staff/announcements/advisory", label: "Advisories", permission: "content.publish" },
  { to: "/staff/announcements/bid", label: "Bids", permission: "content.publish" },
  { to: "/staff/content/news", label: "News", permission: "content.publish" },
  { to: "/staff/content/categories", label: "News categories", permission: "content.publish" },
  { to: "/staff/content/careers", label: "Careers", permission: "content.publish" },
  { to: "/staff/content/about", label: "About us", permission: "content.publish" },
  { to: "/staff/content/gallery", label: "Gallery", permission: "content.publish" },
  { to: "/staff/content/partners", label: "Partner logos", permission: "content.publish" },
  { to: "/staff/content/branches", label: "Branches and phones", permission: "content.publish" },
  { to: "/staff/rates", label: "Rates", permission: "rates.manage" },
  { to: "/staff/rates/schedule", label: "Rate schedule", permission: "rates.manage" },
  { to: "/staff/bills", label: "Bills and payments", permission: "bills.import" },
  { to: "/staff/bills/check", label: "Bill check", permission: "bills.import" },
  { to: "/staff/bills/tokens", label: "Billing tokens", permission: "billing.tokens" },
  { to: "/staff/users", label: "Users", permission: "users.manage" },
  { to: "/staff/incidents", label: "Incidents", permission: "incidents.manage" },
  { to: "/staff/outages", label: "Restoration hub", permission: "incidents.manage" },
  { to: "/staff/alerts", label: "Alerts", permission: "alerts.manage" },
  { to: "/staff/members/survey", label: "Survey results", permission: "members.read" },
  { to: "/staff/members/connections", label: "Connection queue", permission: "members.read" },
  { to: "/staff/members/agam", label: "AGAM", permission: "members.read" },
  { to: "/staff/members/agam-tally", label: "AGAM tally", permission: "members.read" },
  { to: "/staff/members/roll", label: "Member roll", permission: "members.manage" },
  { to: "/staff/members/portal", label: "Member portal", permission: "members.manage" },
  { to: "/staff/members/privacy", label: "Data requests", permission: "members.manage" },
  { to: "/staff/audit", label: "Audit log", permission: "audit.read" },
  { to: "/staff/account", label: "My account" },
];

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
