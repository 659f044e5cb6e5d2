/**
 * Password rules for staff accounts: at least 8 characters, up to 128 allowed, and never one
 * of the common passwords that @zxcvbn-ts/language-common ships (49,233 of them).
 */
import { dictionary } from "@zxcvbn-ts/language-common";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set((dictionary["passwords-common"] as string[]).map((p) => p.toLowerCase()));
  return common;
}

/** What is wrong with a new password, in words for the form; undefined when it is acceptable. */
export function passwordProblem(password: string, context: { email?: string } = {}): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters.`;
  if (length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return "This password is on a list of common passwords. Choose another one.";
  const local = context.email?.split("@")[0]?.toLowerCase();
  if (local && local.length >= 3 && lower.includes(local)) return "Do not use your e-mail address in the password.";
  return undefined;
}
