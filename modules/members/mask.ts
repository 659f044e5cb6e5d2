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
