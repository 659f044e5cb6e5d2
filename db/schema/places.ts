/**
 * The places the cooperative serves: the nine towns (an enum), their barangays, and the
 * offices listed on the contact page.
 * SQL here must work on PGlite (PostgreSQL 18) and on PostgreSQL 15.
 */
import { integer, pgEnum, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { TOWNS } from "./enum-values";

export const townEnum = pgEnum("town", TOWNS);

/** Offices listed on the contact page: hotline, sub offices, technical services. */
export const branches = pgTable("branches", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  officeName: text("office_name").notNull(),
  address: text("address").notNull(),
  position: integer("position").notNull().default(0),
});

export const branchPhones = pgTable("branch_phones", {
  id: serial("id").primaryKey(),
  branchId: integer("branch_id")
    .notNull()
    .references(() => branches.id, { onDelete: "cascade" }),
  number: text("number").notNull(),
  position: integer("position").notNull().default(0),
});

export const barangays = pgTable(
  "barangays",
  {
    id: serial("id").primaryKey(),
    town: townEnum("town").notNull(),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("barangays_town_name").on(t.town, t.name)],
);
