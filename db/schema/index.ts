/**
 * The whole data model, one file per area of the cooperative's domain, in one PostgreSQL
 * schema. This file only re-exports: the code imports tables from here, and no schema file
 * imports it (each imports the area files it references, directly, so nothing loops).
 * The enums' values are in ./enum-values.ts (not re-exported: pages read them there, without Drizzle).
 */
export * from "./agam";
export * from "./alerts";
export * from "./bills";
export * from "./content";
export * from "./interruptions";
export * from "./members";
export * from "./payments";
export * from "./places";
export * from "./portal";
export * from "./privacy";
export * from "./rates";
export * from "./reports";
export * from "./shared";
export * from "./staff";
