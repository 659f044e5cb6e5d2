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

export const portalUser = pgTable("portal_user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  /** better-auth needs an e-mail per user: ours is made up from the id and reaches nobody. */
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: at("created_at").notNull().defaultNow(),
  updatedAt: at("updated_at").notNull().defaultNow(),
  /** The confirmed contact sign-in codes go to: "sms" (a number as 09XXXXXXXXX) or "email". */
  contactKind: text("contact_kind"),
  contact: text("contact"),
  /** Set by member services: no code is sent and no session is honoured while locked. */
  lockedAt: at("locked_at"),
  /** The interface language ("en" or "fil") the member last signed in with: their e-bills come in it. */
  language: text("language").notNull().default("en"),
});

export const portalSession = pgTable(
  "portal_session",
  {
    id: text("id").primaryKey(),
    expiresAt: at("expires_at").notNull(),
    token: text("token").notNull().unique(),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => portalUser.id, { onDelete: "cascade" }),
  },
  (t) => [index("portal_session_user_idx").on(t.userId)],
);

export const portalAccount = pgTable(
  "portal_account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => portalUser.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: at("access_token_expires_at"),
    refreshTokenExpiresAt: at("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [index("portal_account_user_idx").on(t.userId)],
);

export const portalVerification = pgTable(
  "portal_verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: at("expires_at").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [index("portal_verification_identifier_idx").on(t.identifier)],
);

/**
 * A member's passkeys (better-auth's passkey plugin, field names as it expects them): the
 * portal realm's own table, so a staff passkey (staff_passkey) never opens a member session
 * and a member's never the console. Deleted with the member (closing the portal account).
 */
export const portalPasskey = pgTable(
  "portal_passkey",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => portalUser.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    createdAt: at("created_at"),
    aaguid: text("aaguid"),
  },
  (t) => [index("portal_passkey_user_idx").on(t.userId), index("portal_passkey_credential_idx").on(t.credentialID)],
);

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
    /** Paperless e-bill: each newly imported bill is e-mailed to the member's confirmed address. */
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
 * Paperless e-bills waiting for or done sending: one row per member and bill revision, added in
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
    /** The confirmed e-mail when the bill was imported. */
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
