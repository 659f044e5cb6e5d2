/**
 * The customer satisfaction survey: its questions, the one zod schema the API and
 * the page both validate with, and the insert that stores one answer per account.
 */
import { z } from "zod";
import type { Db } from "../db/client";
import { surveyResponses } from "../db/schema";
import { SURVEY_RATINGS, SURVEY_REQUIRED_FIELDS } from "./survey-options";
import { ACCOUNT_NUMBER_EXAMPLE, ACCOUNT_NUMBER_PATTERN, PRIVACY_NOTICE_VERSION, SURVEY_CITIES } from "./constants";

export { SURVEY_RATINGS, scoreOf, SURVEY_REQUIRED_FIELDS, type SurveyRatingName } from "./survey-options";

const MESSAGES = {
  acceptPrivacyNotice: "Tick the box to show you have read and accept the privacy notice.",
  name: "Enter the account name (the name on the bill).",
  respondentName: "Enter your name.",
  city: "Choose your city or municipality.",
  accountNumber: `Enter the account number like ${ACCOUNT_NUMBER_EXAMPLE}.`,
  email: "Enter an e-mail address like juan@example.com.",
  contactNumber: "Enter a contact number of 7 to 15 digits, like 0917 123 4567.",
  rating: "Choose one of the four answers.",
} as const;

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Use at most ${max} characters.`);

const rating = z
  .number({ error: MESSAGES.rating })
  .int(MESSAGES.rating)
  .min(1, MESSAGES.rating)
  .max(4, MESSAGES.rating)
  .optional()
  .meta({ description: "Score of the chosen option: 4 for the first (best) option down to 1 for the last" });

/** The survey payload of spec section 3, each rating as its score 4 down to 1. */
export const surveySchema = z.object({
  acceptPrivacyNotice: z.literal(true, { error: MESSAGES.acceptPrivacyNotice }).meta({ description: "Must be true: the respondent accepts the privacy notice" }),
  name: requiredText(MESSAGES.name, 120),
  respondentName: requiredText(MESSAGES.respondentName, 120),
  city: z.enum(SURVEY_CITIES, { error: MESSAGES.city }),
  accountNumber: z.string({ error: MESSAGES.accountNumber }).trim().regex(ACCOUNT_NUMBER_PATTERN, MESSAGES.accountNumber),
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

/** What the visitor typed, as strings, so a failed form can be shown again as it was. */
export type SurveyFormValues = Record<string, string>;

/** Reads the page's form into the API payload's shape (ratings as numbers, consent as a boolean). */
export function surveyPayloadFromForm(form: FormData): { payload: Record<string, unknown>; values: SurveyFormValues } {
  const values: SurveyFormValues = {};
  for (const key of ["name", "respondentName", "city", "accountNumber", "email", "contactNumber", "suggestions", ...SURVEY_RATINGS.map((r) => r.name)]) {
    const v = form.get(key);
    values[key] = typeof v === "string" ? v : "";
  }
  values.acceptPrivacyNotice = form.get("acceptPrivacyNotice") ? "on" : "";
  const payload: Record<string, unknown> = {
    acceptPrivacyNotice: values.acceptPrivacyNotice === "on",
    name: values.name,
    respondentName: values.respondentName,
    city: values.city,
    accountNumber: values.accountNumber,
    email: values.email,
    contactNumber: values.contactNumber,
    suggestions: values.suggestions,
  };
  for (const { name } of SURVEY_RATINGS) {
    const raw = values[name];
    if (raw) payload[name] = /^\d$/.test(raw) ? Number(raw) : raw;
  }
  return { payload, values };
}

export type SurveyValidation =
  | { ok: true; data: SurveyInput }
  | { ok: false; errors: Record<string, string>; /** a required field is empty (spec: 'Lahat ng fields ay kinakailangan.') */ missingRequired: boolean };

export function validateSurvey(payload: unknown): SurveyValidation {
  const parsed = surveySchema.safeParse(payload);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  const body = (payload && typeof payload === "object" ? payload : {}) as Record<string, unknown>;
  const missingRequired = SURVEY_REQUIRED_FIELDS.some((f) => (f === "acceptPrivacyNotice" ? body[f] !== true : typeof body[f] !== "string" || body[f].trim() === ""));
  return { ok: false, errors, missingRequired };
}

export type SurveySubmitResult = { status: "created"; id: number } | { status: "already-answered" };

/** PostgreSQL's unique_violation, on PGlite and pg alike; drizzle wraps the driver's error in `cause`. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Stores one answer. The UNIQUE constraint on account_number decides "already answered"
 * (no look-up first, so simultaneous submissions cannot both pass). Resolves only once
 * the row is stored.
 */
export async function submitSurvey(db: Db, input: SurveyInput, now = new Date()): Promise<SurveySubmitResult> {
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
