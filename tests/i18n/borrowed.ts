/**
 * Words the Filipino interface keeps as in English on purpose: names, acronyms, and the names
 * of official documents and fees as members see them on the forms and receipts at the office.
 * The catalog check lets a Filipino message equal its English one only for these, and the
 * page check does not count them as English left on a /fil/ page.
 */
export const BORROWED = new Set([
  "AGAM",
  "E-mail:",
  "Barangay",
  "Captcha",
  "E-mail",
  "crew",
  "General Manager",
  "Valid ID",
  "Fire safety clearance",
  "Certificate of occupancy",
  "Certificate of final electrical inspection",
  "Electrical permit",
  "Tax identification number (TIN)",
  "TIN",
  "Membership fee",
  "Membership ID",
  "Reference number:",
  // Said as they are at the office and on the printable forms (the line crews' and the notary's words).
  "Job order",
  "Feeder",
  "Phase",
  "Transformer",
  "HP",
  "Bill deposit (Php)",
]);

/**
 * Proper names a Filipino page writes as they are: bodies the cooperative deals with, by their
 * official names. Allowed as whole lines by the leftovers test, like the words above.
 */
export const NAMES = new Set(["National Grid Corporation of the Philippines"]);
