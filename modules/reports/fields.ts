/**
 * The report form's fields, checked with zod: the page's action and Open311 share them.
 * Apart from modules/reports/model.ts so that pages importing the labels do not ship zod.
 */
import { z } from "zod";
import { optionalAccountNumberField } from "../shared/account-number-field";
import { normalizeMobile } from "../shared/phone";
import { DETAILS_MAX, LANDMARK_MAX, REPORT_KINDS } from "./model";

/** What the field checks say, in the language of whoever asks (the page's catalog; English for Open311). */
export interface ReportFieldMessages {
  kind: string;
  barangay: string;
  landmarkShort: string;
  tooLong: (max: number) => string;
  detailsTooLong: (max: number) => string;
  accountNumber: string;
  mobile: string;
}

export const ENGLISH_FIELD_MESSAGES: ReportFieldMessages = {
  kind: "Choose what is wrong.",
  barangay: "Choose your barangay.",
  landmarkShort: "Describe the place: a landmark, sitio or street.",
  tooLong: (max) => `At most ${max} characters.`,
  detailsTooLong: (max) => `The description is too long: at most ${max} characters.`,
  accountNumber: "Write the 10 digits of the account number on your bill, for example 01-0123-4567, or leave it empty.",
  mobile: "Write a Philippine mobile number, for example 0917 123 4567, or leave it empty.",
};

/** The report form's fields (the page and Open311 use the same rules), with these messages. */
export function reportFieldsSchemaWith(m: ReportFieldMessages) {
  return z.object({
    kind: z.enum(REPORT_KINDS, { error: m.kind }),
    barangayId: z.coerce.number({ error: m.barangay }).int(m.barangay).positive(m.barangay),
    landmark: z.string().trim().min(3, m.landmarkShort).max(LANDMARK_MAX, m.tooLong(LANDMARK_MAX)),
    details: z.string().trim().max(DETAILS_MAX, m.detailsTooLong(DETAILS_MAX)).default(""),
    latitude: z.coerce.number().min(-90).max(90).optional(),
    longitude: z.coerce.number().min(-180).max(180).optional(),
    accountNumber: optionalAccountNumberField(m.accountNumber),
    mobile: z
      .string()
      .trim()
      .default("")
      .refine((v) => v === "" || normalizeMobile(v) !== null, m.mobile)
      .transform((v) => (v === "" ? "" : normalizeMobile(v)!)),
  });
}

/** The rules with English messages: Open311 and the English page. */
export const reportFieldsSchema = reportFieldsSchemaWith(ENGLISH_FIELD_MESSAGES);
export type ReportFields = z.output<typeof reportFieldsSchema>;
