/**
 * Reusable zod schemas for API path and query parameters. Each one says in its
 * message what is expected, so a 400 tells the client how to fix the request.
 * Path and query values arrive as strings: numbers are coerced after a digits check.
 * Unknown query keys are ignored (zod objects strip them).
 */
import { z } from "zod";
import { accountNumberField } from "./account-number-field";
import { ACCOUNT_NUMBER_EXAMPLE, FIRST_RATE_YEAR, NEWS_KINDS, TOWNS } from "./constants";
import { manilaParts } from "./dates";
import { MAX_ROW_ID } from "./ids";

/** A whole number written with digits only (no sign, no exponent, no spaces). */
const digits = (what: string) => z.string().regex(/^\d{1,9}$/, `must be ${what}`);

/** Month number 1 to 12. */
export const monthParam = digits("a month number from 1 to 12")
  .transform(Number)
  .pipe(z.number().int().min(1, "must be a month number from 1 to 12").max(12, "must be a month number from 1 to 12"))
  .meta({ description: "Month number, 1 to 12", example: "3" });

/** Year 2007 to the current year in Manila (checked per request, so it moves on New Year's Day). */
export const yearParam = digits(`a year from ${FIRST_RATE_YEAR} to the current year`)
  .transform(Number)
  .refine((y) => y >= FIRST_RATE_YEAR && y <= manilaParts().year, { message: `must be a year from ${FIRST_RATE_YEAR} to the current year` })
  .meta({ description: `Year, ${FIRST_RATE_YEAR} to the current year (Asia/Manila)`, example: "2024" });

/** A positive integer id (1 and up). */
export const idParam = digits("a positive whole number")
  .transform(Number)
  .pipe(z.number().int().min(1, "must be a positive whole number").max(MAX_ROW_ID, "must be a positive whole number"))
  .meta({ description: "Numeric id, 1 or more", example: "1" });

/** One of the four news kinds. */
export const newsKindParam = z
  .enum(NEWS_KINDS, { error: `must be one of ${NEWS_KINDS.join(", ")}` })
  .meta({ description: "News kind", example: "events-and-activities" });

/** An account number, typed with or without its dashes and spaces (modules/shared/account-number.ts); given on as NN-NNNN-NNNN. */
export const accountNumberParam = accountNumberField(
  `must be an account number of 10 digits like ${ACCOUNT_NUMBER_EXAMPLE} (dashes and spaces optional)`,
).meta({ description: "Account number, NN-NNNN-NNNN (10 digits; dashes and spaces optional)", example: ACCOUNT_NUMBER_EXAMPLE });

/** `month=YYYY-MM` on news content: a month from 2007 up to the current year. */
export const yearMonthQuery = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "must be a month written YYYY-MM, like 2024-03")
  .refine((v) => {
    const y = Number(v.slice(0, 4));
    return y >= FIRST_RATE_YEAR && y <= manilaParts().year;
  }, `must be a month written YYYY-MM, from ${FIRST_RATE_YEAR} to the current year`)
  .meta({ description: "Only items of this month (YYYY-MM, Asia/Manila)", example: "2024-03" });

/** Free text search, at most 100 characters. */
export const searchQuery = z
  .string()
  .max(100, "must be at most 100 characters")
  .meta({ description: "Words to search for in title and body (at most 100 characters)", example: "typhoon" });

/** One of the nine towns (exact spelling, first letter upper-case). */
export const townQuery = z
  .enum(TOWNS, { error: `must be one of ${TOWNS.join(", ")}` })
  .meta({ description: "Only interruptions in this town", example: "Bani" });

/** A barangay name: letters, digits, spaces and . ' - ( ) ñ, 1 to 80 characters. */
export const barangayQuery = z
  .string()
  .trim()
  .min(1, "must be a barangay name")
  .max(80, "must be a barangay name of at most 80 characters")
  .regex(/^[\p{L}\p{N} .,'()-]+$/u, "must be a barangay name (letters, digits, spaces, . , ' ( ) -)")
  .meta({ description: "Only interruptions touching this barangay (case-insensitive name)", example: "Poblacion" });

/** Ready-made objects for common routes. */
export const monthYearParams = z.object({ m: monthParam, y: yearParam });
export const idParams = z.object({ id: idParam });
export const newsContentQuery = z.object({ month: yearMonthQuery.optional(), q: searchQuery.optional() });
export const interruptionQuery = z.object({ town: townQuery.optional(), barangay: barangayQuery.optional() });
