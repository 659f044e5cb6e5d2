/**
 * What a stranger may see of a member found by account number (account numbers are no secret): enough
 * for the member to recognise their own account, not enough to learn who owns it.
 * "RABAGO, JOSE B." → "R***O, J*** B."
 */
export function maskMemberName(name: string): string {
  const [surname = "", given = ""] = name.split(/,\s*/, 2);
  const word = (w: string) => (/^[A-Za-z]\.?$/.test(w) ? w : w.length <= 1 ? w : w.length === 2 ? `${w[0]}***` : `${w[0]}***${w.at(-1)}`);
  const maskedSurname = surname.split(/\s+/).filter(Boolean).map(word).join(" ");
  const maskedGiven = given
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => (/^[A-Za-z]\.$/.test(w) ? w : `${w[0]}***`))
    .join(" ");
  return maskedGiven ? `${maskedSurname}, ${maskedGiven}` : maskedSurname;
}

/**
 * Initials only, for a page anyone can open with an account number (the bill inquiry):
 * "RABAGO, JOSE B." → "J. B. R.". Given names first, as a person writes them.
 */
export function maskMemberInitials(name: string): string {
  const [surname = "", given = ""] = name.split(/,\s*/, 2);
  const initials = (part: string) =>
    part
      .split(/\s+/)
      .map((w) => w.replace(/[^A-Za-zÀ-ÿÑñ]/g, ""))
      .filter(Boolean)
      .map((w) => `${w[0]!.toUpperCase()}.`);
  return [...initials(given), ...initials(surname)].join(" ");
}
