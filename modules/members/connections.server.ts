/**
 * New service connection pre-registration: the member profile fields of spec section 3,
 * the nine-document processing checklist, and storing a pre-registration under a
 * reference number the applicant brings to the office.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-error";
import { connectionPreregistrations } from "../../db/schema";
import { optionalAccountNumberField } from "../shared/account-number-field";
import { ACCOUNT_NUMBER_EXAMPLE } from "../shared/constants";
import { manilaIsoDate, manilaParts } from "../shared/dates";
import { CIVIL_STATUSES, EDUCATIONAL_ATTAINMENTS, GENDERS } from "./connection-options";

const isRealDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** Age in whole years on `today` (YYYY-MM-DD, Manila) of someone born on `dob` (YYYY-MM-DD). */
export function ageOn(dob: string, today: string): number {
  const [by, bm, bd] = dob.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/**
 * What the form says when a field is wrong, in the page's language (app/messages/service.ts
 * holds both languages; this module only says which messages it needs).
 */
export interface ConnectionMessages {
  lastName: string;
  firstName: string;
  address: string;
  dateOfBirth: string;
  dateOfBirthPast: string;
  age: string;
  ageMinimum: string;
  ageByBirth: (age: number) => string;
  gender: string;
  civilStatus: string;
  contactNumbers: string;
  /** Given the example account number. */
  nearestAccountNumber: (example: string) => string;
  educationalAttainment: string;
  occupation: string;
  dependents: string;
  tin: string;
  tooLong: (max: number) => string;
}

/** Built per call so "today" (for the date of birth and age) is the current day in Manila, and the messages are the page's language. */
export function connectionSchema(messages: ConnectionMessages, now = new Date()) {
  const today = manilaIsoDate(now);
  const MESSAGES = { ...messages, nearestAccountNumber: messages.nearestAccountNumber(ACCOUNT_NUMBER_EXAMPLE) };
  const text = (message: string, max = 120) => z.string({ error: message }).trim().min(1, message).max(max, messages.tooLong(max));
  const optionalText = (max = 120) => z.string().trim().max(max, messages.tooLong(max)).optional().default("");
  return z
    .object({
      lastName: text(MESSAGES.lastName),
      firstName: text(MESSAGES.firstName),
      suffix: optionalText(10),
      middleName: optionalText(),
      address: text(MESSAGES.address, 300),
      dateOfBirth: z
        .string({ error: MESSAGES.dateOfBirth })
        .trim()
        .regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.dateOfBirth)
        .refine(isRealDate, MESSAGES.dateOfBirth)
        .refine((v) => v <= today && ageOn(v, today) <= 120, MESSAGES.dateOfBirthPast),
      age: z
        .string({ error: MESSAGES.age })
        .trim()
        .regex(/^\d{1,3}$/, MESSAGES.age)
        .transform(Number)
        .pipe(z.number().int().min(18, MESSAGES.ageMinimum).max(120, MESSAGES.age)),
      gender: z.enum(GENDERS, { error: MESSAGES.gender }),
      civilStatus: z.enum(CIVIL_STATUSES, { error: MESSAGES.civilStatus }),
      contactNumbers: z
        .string({ error: MESSAGES.contactNumbers })
        .trim()
        .min(1, MESSAGES.contactNumbers)
        .max(200, MESSAGES.contactNumbers)
        .transform((v) =>
          v
            .split(",")
            .map((n) => n.trim())
            .filter(Boolean),
        )
        .refine(
          (list) =>
            list.length > 0 &&
            list.every((n) => /^\+?[\d\s()-]+$/.test(n) && n.replace(/\D/g, "").length >= 7 && n.replace(/\D/g, "").length <= 15),
          MESSAGES.contactNumbers,
        )
        .transform((list) => list.join(", ")),
      nearestAccountNumber: optionalAccountNumberField(MESSAGES.nearestAccountNumber),
      educationalAttainment: z.enum(EDUCATIONAL_ATTAINMENTS, { error: MESSAGES.educationalAttainment }),
      occupation: text(MESSAGES.occupation),
      dependents: z
        .string({ error: MESSAGES.dependents })
        .trim()
        .transform((v) => (v === "" ? "0" : v))
        .pipe(z.string().regex(/^\d{1,2}$/, MESSAGES.dependents))
        .transform(Number)
        .pipe(z.number().int().min(0).max(30, MESSAGES.dependents)),
      religion: optionalText(),
      annualIncome: optionalText(40),
      tin: z
        .string()
        .trim()
        .refine((v) => v === "" || /^\d{3}-?\d{3}-?\d{3}(-?\d{3})?$/.test(v), MESSAGES.tin)
        .optional()
        .default(""),
    })
    .superRefine((v, ctx) => {
      // The age must agree with the date of birth (give or take the birthday).
      if (Math.abs(ageOn(v.dateOfBirth, today) - v.age) > 0)
        ctx.addIssue({ code: "custom", path: ["age"], message: MESSAGES.ageByBirth(ageOn(v.dateOfBirth, today)) });
    });
}

export type ConnectionInput = z.output<ReturnType<typeof connectionSchema>>;

/** No 0/O or 1/I: the reference is read aloud and copied by hand. */
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const REFERENCE_PATTERN = /^NSC-\d{4}-[2-9A-HJ-NP-Z]{6}$/;

export function newReference(now = new Date()): string {
  const bytes = crypto.randomBytes(6);
  const code = Array.from(bytes, (b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join("");
  return `NSC-${manilaParts(now).year}-${code}`;
}

/** Stores the pre-registration under a new unique reference (a fresh one on the rare collision). */
export async function createPreregistration(db: Db, input: ConnectionInput, now = new Date()): Promise<{ reference: string }> {
  for (let attempt = 0; ; attempt++) {
    const reference = newReference(now);
    try {
      await db.insert(connectionPreregistrations).values({ reference, ...input, createdAt: now });
      return { reference };
    } catch (error) {
      if (attempt < 4 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

export type Preregistration = typeof connectionPreregistrations.$inferSelect;

export async function getPreregistration(db: Db, reference: string): Promise<Preregistration | null> {
  if (!REFERENCE_PATTERN.test(reference)) return null;
  const [row] = await db.select().from(connectionPreregistrations).where(eq(connectionPreregistrations.reference, reference));
  return row ?? null;
}
