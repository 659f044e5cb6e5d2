/**
 * The new-connection form's choices, fields and checklist, apart from its schema and
 * database code so the page's browser bundle does not carry zod.
 */

export const GENDERS = ["Male", "Female"] as const;
export const CIVIL_STATUSES = ["Single", "Married", "Divorced", "Widowed"] as const;
export const EDUCATIONAL_ATTAINMENTS = ["Primary", "Secondary", "Tertiary", "Vocational"] as const;

/** The nine documents to bring (spec section 3, processing checklist). */
export const CONNECTION_CHECKLIST = [
  "Proof of ownership of the lot or house (title, tax declaration or deed of sale), or the owner's written consent",
  "Barangay certificate",
  "Valid ID",
  "Tax identification number (TIN) with proof",
  "Electrical plan (3 copies)",
  "Fire safety clearance",
  "Certificate of occupancy",
  "Certificate of final electrical inspection",
  "Electrical permit",
] as const;

export const CONNECTION_FIELDS = [
  "lastName",
  "firstName",
  "suffix",
  "middleName",
  "address",
  "dateOfBirth",
  "age",
  "gender",
  "civilStatus",
  "contactNumbers",
  "nearestAccountNumber",
  "educationalAttainment",
  "occupation",
  "dependents",
  "religion",
  "annualIncome",
  "tin",
] as const;

export type ConnectionFormValues = Partial<Record<(typeof CONNECTION_FIELDS)[number], string>>;
