/**
 * Backup codes a person can copy from paper without guessing: lower-case letters and digits
 * with 0/o, 1/l/i left out, in two groups of five ("k7m2q-9xr4t"), about 49 bits each. What is
 * typed back is read the same way: case, spaces and a missing dash do not matter.
 */
import crypto from "node:crypto";

export const BACKUP_CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
const GROUP = 5;

function randomCode(): string {
  let code = "";
  for (let i = 0; i < GROUP * 2; i++) code += BACKUP_CODE_ALPHABET[crypto.randomInt(BACKUP_CODE_ALPHABET.length)];
  return `${code.slice(0, GROUP)}-${code.slice(GROUP)}`;
}

export function generateBackupCodes(amount = 10): string[] {
  const codes = new Set<string>();
  while (codes.size < amount) codes.add(randomCode());
  return [...codes];
}

/** A typed backup code in the stored form, or the input as it was when it cannot be one. */
export function normalizeBackupCode(typed: string): string {
  const compact = typed.replace(/[\s-]+/g, "").toLowerCase();
  return compact.length === GROUP * 2 ? `${compact.slice(0, GROUP)}-${compact.slice(GROUP)}` : typed.trim();
}
