/**
 * Bills: the unbundled rate schedule and its classes, the discount tiers, the bills and
 * payments imported from the cooperative's billing system (with the revisions of corrected
 * bills), and the tokens its nightly job signs in with.
 * SQL here must work on PGlite (PostgreSQL 18) and on PostgreSQL 15.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { at } from "../columns";
import { DISCOUNT_PROGRAMS, PAYMENT_CHANNELS } from "./enum-values";

/** The rate classes (residential, commercial, high voltage, …): data, so a co-op can add one. */
export const rateClasses = pgTable("rate_classes", {
  code: text("code").primaryKey(),
  label: text("label").notNull(),
  position: integer("position").notNull().default(0),
});

/** One component's rate and VAT for a month and class (modules/rates/schedule.ts lists the components). */
export const rateSchedule = pgTable(
  "rate_schedule",
  {
    year: integer("year").notNull(),
    month: integer("month").notNull(),
    classCode: text("class_code")
      .notNull()
      .references(() => rateClasses.code),
    component: text("component").notNull(),
    rate: numeric("rate", { precision: 14, scale: 6 }).notNull(),
    /** VAT as a percent of the line; unused when vat_per_unit is set. */
    vatPercent: numeric("vat_percent", { precision: 7, scale: 4 }).notNull().default("0"),
    /** VAT as the cooperative publishes it, Php per the rate's unit (Php/kWh, Php/meter); null when given as a percent. */
    vatPerUnit: numeric("vat_per_unit", { precision: 14, scale: 6 }),
    /** Public from this instant (as the official rates). */
    publishAt: at("publish_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("rate_schedule_key").on(t.year, t.month, t.classCode, t.component),
    check("rate_schedule_month", sql`${t.month} between 1 and 12`),
  ],
);

export const discountProgramEnum = pgEnum("discount_program", DISCOUNT_PROGRAMS);

/** The lifeline and senior citizen discount tiers ERC set for this co-op. */
export const discountTiers = pgTable(
  "discount_tiers",
  {
    id: serial("id").primaryKey(),
    program: discountProgramEnum("program").notNull(),
    minKwh: integer("min_kwh").notNull(),
    maxKwh: integer("max_kwh").notNull(),
    percent: numeric("percent", { precision: 5, scale: 2 }).notNull(),
  },
  (t) => [uniqueIndex("discount_tiers_key").on(t.program, t.maxKwh), check("discount_tiers_range", sql`${t.minKwh} <= ${t.maxKwh}`)],
);

const cents = (name: string) => bigint(name, { mode: "number" });

/** The latest version of each bill (by the billing system's bill number). Money in centavos. */
export const bills = pgTable(
  "bills",
  {
    billNumber: text("bill_number").primaryKey(),
    accountNumber: text("account_number").notNull(),
    rateClass: text("rate_class").notNull(),
    billingYear: integer("billing_year").notNull(),
    billingMonth: integer("billing_month").notNull(),
    periodFrom: date("period_from").notNull(),
    periodTo: date("period_to").notNull(),
    readingDate: date("reading_date").notNull(),
    previousReading: numeric("previous_reading", { precision: 14, scale: 2 }).notNull(),
    presentReading: numeric("present_reading", { precision: 14, scale: 2 }).notNull(),
    multiplier: numeric("multiplier", { precision: 10, scale: 4 }).notNull(),
    kwh: numeric("kwh", { precision: 14, scale: 2 }).notNull(),
    demandKw: numeric("demand_kw", { precision: 12, scale: 3 }),
    lifeline: boolean("lifeline").notNull(),
    senior: boolean("senior").notNull(),
    /** Centavos per component code, and the VAT per component that carries it. */
    charges: jsonb("charges").$type<Record<string, number>>().notNull(),
    vat: jsonb("vat").$type<Record<string, number>>().notNull(),
    lifelineDiscount: cents("lifeline_discount").notNull(),
    seniorDiscount: cents("senior_discount").notNull(),
    otherLabel: text("other_label").notNull().default(""),
    otherAmount: cents("other_amount").notNull(),
    arrears: cents("arrears").notNull(),
    totalDue: cents("total_due").notNull(),
    dueDate: date("due_date").notNull(),
    disconnectionDate: date("disconnection_date"),
    /** SHA-256 of the row as imported: the same row again changes nothing. */
    contentHash: text("content_hash").notNull(),
    /** 1 for the first import; each correction adds one (the earlier ones in bill_revisions). */
    revision: integer("revision").notNull().default(1),
    /**
     * The recomputation from the published schedule at import: the lines that differ by more
     * than a centavo ([] when none); null when no schedule was published for its month and class.
     */
    differences: jsonb("differences").$type<{ line: string; label: string; billed: number; computed: number }[]>(),
    importedAt: at("imported_at").notNull().defaultNow(),
  },
  (t) => [
    index("bills_account_idx").on(t.accountNumber, t.periodTo),
    index("bills_differences_idx").on(t.billingYear, t.billingMonth).where(sql`jsonb_array_length(${t.differences}) > 0`),
  ],
);

/** Earlier versions of corrected bills, as they were before the correction. */
export const billRevisions = pgTable(
  "bill_revisions",
  {
    id: serial("id").primaryKey(),
    billNumber: text("bill_number").notNull(),
    revision: integer("revision").notNull(),
    snapshot: jsonb("snapshot").notNull(),
    replacedAt: at("replaced_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("bill_revisions_key").on(t.billNumber, t.revision)],
);

export const paymentChannelEnum = pgEnum("payment_channel", PAYMENT_CHANNELS);

/** Payments by official receipt number. */
export const payments = pgTable(
  "payments",
  {
    orNumber: text("or_number").primaryKey(),
    accountNumber: text("account_number").notNull(),
    paidOn: date("paid_on").notNull(),
    amount: cents("amount").notNull(),
    channel: paymentChannelEnum("channel").notNull(),
    contentHash: text("content_hash").notNull(),
    importedAt: at("imported_at").notNull().defaultNow(),
    /** The site's online payment this receipt posts ("WP-…"), when the billing system gives it. */
    reference: text("reference"),
  },
  (t) => [index("payments_account_idx").on(t.accountNumber, t.paidOn), index("payments_reference_idx").on(t.reference)],
);

/** Tokens of the billing system's jobs (one per integration); only a SHA-256 of each is kept. */
export const billingTokens = pgTable(
  "billing_tokens",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    createdBy: text("created_by").notNull().default(""),
    revokedAt: at("revoked_at"),
    lastUsedAt: at("last_used_at"),
  },
  (t) => [uniqueIndex("billing_tokens_hash").on(t.tokenHash)],
);

/**
 * The bill check's tolerance: how many centavos a billed line may differ from its recomputation
 * before the check lists it (0: any difference), and why, shown on the check's page. One row.
 */
export const billCheckSettings = pgTable(
  "bill_check_settings",
  {
    id: integer("id").primaryKey().default(1),
    toleranceCentavos: integer("tolerance_centavos").notNull().default(0),
    reason: text("reason").notNull().default(""),
    updatedBy: text("updated_by").notNull().default(""),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("bill_check_settings_one_row", sql`${t.id} = 1`),
    check("bill_check_settings_tolerance", sql`${t.toleranceCentavos} between 0 and 10000`),
  ],
);
