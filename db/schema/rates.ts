/**
 * Electricity rates: the official rate per month and consumer type, and the month's
 * generation charges by power source.
 * SQL here must work on PGlite (PostgreSQL 18) and on PostgreSQL 15.
 */
import { sql } from "drizzle-orm";
import { check, integer, numeric, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { RATE_TYPES } from "./enum-values";

export const rateTypeEnum = pgEnum("rate_type", RATE_TYPES);

export const officialRates = pgTable(
  "official_rates",
  {
    id: serial("id").primaryKey(),
    year: integer("year").notNull(),
    month: integer("month").notNull(),
    type: rateTypeEnum("type").notNull(),
    amount: numeric("amount", { precision: 12, scale: 4 }).notNull(),
    /** The month's rates are public from this instant (the rates editor chooses it). */
    publishAt: timestamp("publish_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("official_rates_month_type").on(t.year, t.month, t.type),
    check("official_rates_month", sql`${t.month} between 1 and 12`),
  ],
);

export const generationCharges = pgTable(
  "generation_charges",
  {
    id: serial("id").primaryKey(),
    year: integer("year").notNull(),
    month: integer("month").notNull(),
    sourceName: text("source_name").notNull(),
    sourceQueue: integer("source_queue").notNull(),
    percentKwhPurchased: numeric("percent_kwh_purchased", { precision: 12, scale: 4 }).notNull(),
    kwhPurchased: numeric("kwh_purchased", { precision: 16, scale: 2 }).notNull(),
    basicGenerationCost: numeric("basic_generation_cost", { precision: 16, scale: 2 }).notNull(),
    otherCostAdjustment: numeric("other_cost_adjustment", { precision: 16, scale: 2 }).notNull(),
    totalGenerationCost: numeric("total_generation_cost", { precision: 16, scale: 2 }).notNull(),
    promptPaymentDiscount: numeric("prompt_payment_discount", { precision: 16, scale: 2 }).notNull(),
    pilferageCostRecoveries: numeric("pilferage_cost_recoveries", { precision: 16, scale: 2 }).notNull(),
    otherGenerationCostAdjustment: numeric("other_generation_cost_adjustment", { precision: 16, scale: 2 }).notNull(),
    generationRate: numeric("generation_rate", { precision: 12, scale: 4 }).notNull(),
    publishAt: timestamp("publish_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("generation_charges_month_queue").on(t.year, t.month, t.sourceQueue)],
);
