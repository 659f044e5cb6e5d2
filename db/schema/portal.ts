/**
 * The member portal (/mco): a realm of its own beside the staff console. better-auth's users,
 * sessions, accounts and verifications (field names as better-auth expects them) under
 * `portal_` names, the service accounts each member has proven, the one-time codes of
 * registration and contact confirmation, the sign-in log staff read, and the requests to
 * change the contact on file (member services' tasks: the billing system stays the source).
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, createdAt } from "../columns";
import { authTables, authUserTable } from "./better-auth";

export const portalUser = authUserTable("portal", {
  /** The confirmed contact sign-in codes go to: "sms" (a number as 09XXXXXXXXX) or "email". */
  contactKind: text("contact_kind"),
  contact: text("contact"),
  /** Set by member services: no code is sent and no session is honoured while locked. */
  lockedAt: at("locked_at"),
  /** The interface language ("en" or "fil") the member last signed in with: their e-bills come in it. */
  language: text("language").notNull().default("en"),
});

/**
 * better-auth's sessions, accounts, verifications and passkeys of the portal realm: a staff
 * passkey (staff_passkey) never opens a member session and a member's never the console.
 * Deleted with the member (closing the portal account). better-auth needs an e-mail per user:
 * ours is made up from the id and reaches nobody.
 */
const portalAuth = authTables("portal", portalUser);
export const portalSession = portalAuth.session;
export const portalAccount = portalAuth.account;
export const portalVerification = portalAuth.verification;
export const portalPasskey = portalAuth.passkey;

/** The portal's own signing secret (not the console's): made once, shared through the database. */
export const portalSecret = pgTable("portal_secret", {
  id: integer("id").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

/** A service account a member proved is theirs. */
export const portalLinks = pgTable(
  "portal_links",
  {
    userId: text("user_id")
      .notNull()
      .references(() => portalUser.id, { onDelete: "cascade" }),
    accountNumber: text("account_number").notNull(),
    linkedAt: createdAt(),
    /** New-bill notices: each newly imported bill is e-mailed (or, for a member who signs in by text, texted) to the confirmed contact. */
    paperless: boolean("paperless").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accountNumber] }), index("portal_links_account_idx").on(t.accountNumber)],
);

/**
 * One-time codes of the portal's own proofs (registering an account, confirming a contact).
 * Only a SHA-256 of the code (with its row's salt) is kept; single use, 10 minutes, 5 tries.
 */
export const portalCodes = pgTable(
  "portal_codes",
  {
    id: text("id").primaryKey(),
    /** "register", "link", "contact". */
    purpose: text("purpose").notNull(),
    /** What it proves: the account number, or the new contact. */
    subject: text("subject").notNull(),
    /** The member it was sent for (linking, confirming a contact), else null. */
    userId: text("user_id").references(() => portalUser.id, { onDelete: "cascade" }),
    contactKind: text("contact_kind").notNull(),
    destination: text("destination").notNull(),
    codeHash: text("code_hash").notNull(),
    tries: integer("tries").notNull().default(0),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("portal_codes_expires_idx").on(t.expiresAt), check("portal_codes_tries", sql`${t.tries} >= 0`)],
);

/** Each sign-in, for the member's and the staff's eyes (the session rows go on sign-out). */
export const portalSignIns = pgTable(
  "portal_sign_ins",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => portalUser.id, { onDelete: "cascade" }),
    at: createdAt(),
    ip: text("ip").notNull().default(""),
    method: text("method").notNull(),
  },
  (t) => [index("portal_sign_ins_user_idx").on(t.userId, t.at)],
);

/** A member's request to change the contact on file: a task for member services. */
export const portalContactRequests = pgTable(
  "portal_contact_requests",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id").references(() => portalUser.id, { onDelete: "set null" }),
    accountNumber: text("account_number").notNull(),
    requested: text("requested").notNull(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
    doneAt: at("done_at"),
    doneBy: text("done_by"),
  },
  (t) => [uniqueIndex("portal_contact_requests_open").on(t.accountNumber, t.requested).where(sql`${t.doneAt} is null`)],
);

/**
 * New-bill notices (e-bills by e-mail, texts by SMS) waiting for or done sending: one row per member and bill revision, added in
 * the import's transaction (a re-import adds nothing: the key exists). Sent by the alerts worker,
 * claimed by a conditional update like an alert delivery, so it goes out once.
 */
export const portalEbills = pgTable(
  "portal_ebills",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => portalUser.id, { onDelete: "cascade" }),
    accountNumber: text("account_number").notNull(),
    billNumber: text("bill_number").notNull(),
    revision: integer("revision").notNull(),
    /** "email" (the e-bill) or "sms" (a short notice to a member who signs in by text). */
    channel: text("channel").notNull().default("email"),
    /** The confirmed e-mail or mobile number when the bill was imported. */
    address: text("address").notNull(),
    /** "queued", "sending", "retrying", "sent", "failed", "superseded" (a later revision came first). */
    state: text("state").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
    sentAt: at("sent_at"),
  },
  (t) => [uniqueIndex("portal_ebills_once").on(t.userId, t.billNumber, t.revision), index("portal_ebills_state_idx").on(t.state)],
);
