/**
 * better-auth's tables, as it expects their fields, for one realm: the staff console (`staff_`)
 * and the member portal (`portal_`) each have their own set, so a session of one never opens the
 * other. The columns are written once here; each realm adds its own to the user table.
 */
import { boolean, index, integer, type PgColumnBuilderBase, pgTable, text } from "drizzle-orm/pg-core";
import { at } from "../columns";

/** A realm's user table: better-auth's fields plus the realm's own. */
export function authUserTable<Extra extends Record<string, PgColumnBuilderBase>>(prefix: string, extra: Extra) {
  return pgTable(`${prefix}_user`, {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
    ...extra,
  });
}

type UserTable = { id: ReturnType<typeof authUserTable>["id"] };

/** The user's id column, deleted with its user. */
const userId = (users: UserTable) =>
  text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/** Sessions, accounts (better-auth's per-provider credentials), verifications and passkeys of one realm. */
export function authTables(prefix: string, users: UserTable) {
  const session = pgTable(
    `${prefix}_session`,
    {
      id: text("id").primaryKey(),
      expiresAt: at("expires_at").notNull(),
      token: text("token").notNull().unique(),
      createdAt: at("created_at").notNull().defaultNow(),
      updatedAt: at("updated_at").notNull().defaultNow(),
      ipAddress: text("ip_address"),
      userAgent: text("user_agent"),
      userId: userId(users),
    },
    (t) => [index(`${prefix}_session_user_idx`).on(t.userId)],
  );
  const account = pgTable(
    `${prefix}_account`,
    {
      id: text("id").primaryKey(),
      accountId: text("account_id").notNull(),
      providerId: text("provider_id").notNull(),
      userId: userId(users),
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
    (t) => [index(`${prefix}_account_user_idx`).on(t.userId)],
  );
  const verification = pgTable(
    `${prefix}_verification`,
    {
      id: text("id").primaryKey(),
      identifier: text("identifier").notNull(),
      value: text("value").notNull(),
      expiresAt: at("expires_at").notNull(),
      createdAt: at("created_at").notNull().defaultNow(),
      updatedAt: at("updated_at").notNull().defaultNow(),
    },
    (t) => [index(`${prefix}_verification_identifier_idx`).on(t.identifier)],
  );
  /** better-auth's passkey plugin. */
  const passkey = pgTable(
    `${prefix}_passkey`,
    {
      id: text("id").primaryKey(),
      name: text("name"),
      publicKey: text("public_key").notNull(),
      userId: userId(users),
      credentialID: text("credential_id").notNull(),
      counter: integer("counter").notNull(),
      deviceType: text("device_type").notNull(),
      backedUp: boolean("backed_up").notNull(),
      transports: text("transports"),
      createdAt: at("created_at"),
      aaguid: text("aaguid"),
    },
    (t) => [index(`${prefix}_passkey_user_idx`).on(t.userId), index(`${prefix}_passkey_credential_idx`).on(t.credentialID)],
  );
  return { session, account, verification, passkey };
}
