/**
 * The customer satisfaction survey: its questions, the one zod schema the API and
 * the page both validate with, and the insert that stores one answer per account.
 */

import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-error";
import { agamAccounts, surveyResponses } from "../../db/schema";
import { accountNumberField } from "../shared/account-number-field";
import { ACCOUNT_NUMBER_EXAMPLE, PRIVACY_NOTICE_VERSION, SURVEY_CITIES } from "../shared/constants";
import { SURVEY_REQUIRED_FIELDS } from "./survey-options";

const MESSAGES = {
  acceptPrivacyNotice: "Tick the box to show you have read and accept the privacy notice.",
  name: "Enter the account name (the name on the bill).",
  respondentName: "Enter your name.",
  city: "Choose your city or municipality.",
  accountNumber: `Enter the 10 digits of the account number, like ${ACCOUNT_NUMBER_EXAMPLE}.`,
  email: "Enter an e-mail address like juan@example.com.",
  contactNumber: "Enter a contact number of 7 to 15 digits, like 0917 123 4567.",
  rating: "Choose one of the four answers.",
} as const;

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Use at most ${max} characters.`);

const rating = z
  .number({ error: MESSAGES.rating })
  .int(MESSAGES.rating)
  .min(1, MESSAGES.rating)
  .max(4, MESSAGES.rating)
  .optional()
  .meta({ description: "Score of the chosen option: 4 for the first (best) option down to 1 for the last" });

/** The survey payload of spec section 3, each rating as its score 4 down to 1. */
export const surveySchema = z.object({
  acceptPrivacyNotice: z
    .literal(true, { error: MESSAGES.acceptPrivacyNotice })
    .meta({ description: "Must be true: the respondent accepts the privacy notice" }),
  name: requiredText(MESSAGES.name, 120),
  respondentName: requiredText(MESSAGES.respondentName, 120),
  city: z.enum(SURVEY_CITIES, { error: MESSAGES.city }),
  accountNumber: accountNumberField(MESSAGES.accountNumber),
  email: z.string({ error: MESSAGES.email }).trim().max(254, MESSAGES.email).pipe(z.email(MESSAGES.email)),
  contactNumber: z
    .string({ error: MESSAGES.contactNumber })
    .trim()
    .regex(/^\+?[\d\s()-]+$/, MESSAGES.contactNumber)
    .refine((v) => {
      const digits = v.replace(/\D/g, "").length;
      return digits >= 7 && digits <= 15;
    }, MESSAGES.contactNumber),
  reconnectionTime: rating,
  serviceReturnSpeed: rating,
  voltageIssues: rating,
  reconnectionAfterPayment: rating,
  serviceCourtesy: rating,
  suggestions: z.string().trim().max(2000, "Use at most 2,000 characters.").optional().default(""),
});

export type SurveyInput = z.infer<typeof surveySchema>;

/**
 * Whether a required field was left empty (spec: 'Lahat ng fields ay kinakailangan.'),
 * from the values as typed (modules/shared/forms.ts).
 */
export function isMissingRequired(values: Record<string, string>): boolean {
  return SURVEY_REQUIRED_FIELDS.some((f) => !values[f]?.trim());
}

export type SurveySubmitResult = { status: "created"; id: number } | { status: "already-answered" } | { status: "not-matched" };

/** One message for an unknown account and for a name that does not match it: strangers learn nothing. */
export const NOT_MATCHED_MESSAGE =
  "We could not match this account number and account name with our member roll. Enter both as printed on your bill.";

/** Letters only, upper case: "Dela Cruz" and "DELA CRUZ," compare equal. */
const letters = (s: string) => s.toUpperCase().replace(/[^A-Z]/g, "");

/**
 * Whether the account exists in the member roll and the account name given carries the
 * roll's surname (the part before the comma: "RABAGO, JOSE B." is matched by "Jose Rabago").
 */
async function matchesRoll(db: Db, accountNumber: string, name: string): Promise<boolean> {
  const [row] = await db.select({ name: agamAccounts.name }).from(agamAccounts).where(eq(agamAccounts.accountNumber, accountNumber));
  if (!row) return false;
  const surname = letters(row.name.split(",")[0] ?? "");
  return surname.length > 0 && letters(name).includes(surname);
}

/**
 * Stores one answer. The UNIQUE constraint on account_number decides "already answered"
 * (no look-up first, so simultaneous submissions cannot both pass). Resolves only once
 * the row is stored.
 */
export async function submitSurvey(db: Db, input: SurveyInput, now = new Date()): Promise<SurveySubmitResult> {
  // Only the roll's accounts, and "already answered" only for whoever knows the account's name.
  if (!(await matchesRoll(db, input.accountNumber, input.name))) return { status: "not-matched" };
  try {
    const [row] = await db
      .insert(surveyResponses)
      .values({
        accountNumber: input.accountNumber,
        name: input.name,
        respondentName: input.respondentName,
        city: input.city,
        email: input.email,
        contactNumber: input.contactNumber,
        reconnectionTime: input.reconnectionTime ?? null,
        serviceReturnSpeed: input.serviceReturnSpeed ?? null,
        voltageIssues: input.voltageIssues ?? null,
        reconnectionAfterPayment: input.reconnectionAfterPayment ?? null,
        serviceCourtesy: input.serviceCourtesy ?? null,
        suggestions: input.suggestions ?? "",
        consentedAt: now,
        privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
      })
      .returning({ id: surveyResponses.id });
    return { status: "created", id: row!.id };
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "already-answered" };
    throw error;
  }
}
