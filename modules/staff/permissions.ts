/**
 * Who may do what in the staff console: the one permission table. Every console loader,
 * action and endpoint asks `can(role, permission)` on the server; nothing else decides.
 */
export const roles = ["admin", "communications", "dispatcher", "rates", "member-services", "billing"] as const;
export type Role = (typeof roles)[number];

export const roleLabels: Record<Role, string> = {
  admin: "Administrator",
  communications: "Communications",
  dispatcher: "Dispatcher",
  rates: "Rates",
  "member-services": "Member services",
  billing: "Billing",
};

export const permissions = [
  "users.manage", // invite, disable, change roles, end sessions
  "audit.read", // read and export the audit log
  "content.publish", // news items, advisories, bids, careers, about-us, gallery, partners, branches, categories
  "interruptions.manage", // power interruptions and their status
  "incidents.manage", // outage reports, incidents and the restoration hub
  "rates.manage", // official rates and generation charges
  "alerts.manage", // alert subscribers, deliveries, channel pause
  "members.read", // survey answers, pre-registrations, AGAM registrations, member roll (personal data)
  "members.manage", // act on pre-registrations, AGAM administration, roll import, data-subject requests
  "bills.import", // import bill and payment files, read the bill check (account numbers and amounts)
  "billing.tokens", // make and revoke the billing system's integration tokens
  "payments.reconcile", // online payments: the day's reconciliation and the export for posting (accounts and amounts)
] as const;
export type Permission = (typeof permissions)[number];

/** What each permission lets a person do, in words (the audit log's "Permission needed"). */
export const permissionLabels: Record<Permission, string> = {
  "users.manage": "Manage staff accounts",
  "audit.read": "Read the audit log",
  "content.publish": "Publish news, advisories and other content",
  "interruptions.manage": "Manage power interruptions",
  "incidents.manage": "Handle outage reports and incidents",
  "rates.manage": "Manage rates",
  "alerts.manage": "Manage alerts",
  "members.read": "Read members' personal data",
  "members.manage": "Act on members' applications and registrations",
  "bills.import": "Import bills and read the bill check",
  "billing.tokens": "Make and revoke billing system tokens",
  "payments.reconcile": "Reconcile online payments",
};

const table: Record<Role, readonly Permission[]> = {
  admin: permissions,
  communications: ["content.publish"],
  dispatcher: ["interruptions.manage", "incidents.manage", "alerts.manage"],
  rates: ["rates.manage"],
  "member-services": ["members.read", "members.manage"],
  billing: ["bills.import", "payments.reconcile"],
};

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role != null && table[role].includes(permission);
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (roles as readonly string[]).includes(value);
}
