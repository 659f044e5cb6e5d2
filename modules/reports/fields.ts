/**
 * The report form's fields, checked with zod: the page's action and Open311 share them.
 * Apart from modules/reports/model.ts so that pages importing the labels do not ship zod.
 */
import { z } from "zod";
import { ACCOUNT_NUMBER_PATTERN } from "../shared/constants";
import { normalizeMobile } from "../shared/phone";
import { DETAILS_MAX, LANDMARK_MAX, REPORT_KINDS } from "./model";

const optionalText = (max: number, what: string) =>
  z.string().trim().max(max, `${what} is too long: at most ${max} characters.`).default("");

/** The report form's fields (the page and Open311 use the same rules). */
export const reportFieldsSchema = z.object({
  kind: z.enum(REPORT_KINDS, { error: "Choose what is wrong." }),
  barangayId: z.coerce.number({ error: "Choose your barangay." }).int("Choose your barangay.").positive("Choose your barangay."),
  landmark: z
    .string()
    .trim()
    .min(3, "Describe the place: a landmark, sitio or street.")
    .max(LANDMARK_MAX, `At most ${LANDMARK_MAX} characters.`),
  details: optionalText(DETAILS_MAX, "The description"),
  latitude: z.coerce.number().min(-90).max(90).optional(),
  longitude: z.coerce.number().min(-180).max(180).optional(),
  accountNumber: z
    .string()
    .trim()
    .default("")
    .refine(
      (v) => v === "" || ACCOUNT_NUMBER_PATTERN.test(v),
      "Write the account number as on your bill, for example 01-0123-4567, or leave it empty.",
    ),
  mobile: z
    .string()
    .trim()
    .default("")
    .refine(
      (v) => v === "" || normalizeMobile(v) !== null,
      "Write a Philippine mobile number, for example 0917 123 4567, or leave it empty.",
    )
    .transform((v) => (v === "" ? "" : normalizeMobile(v)!)),
});
export type ReportFields = z.output<typeof reportFieldsSchema>;
