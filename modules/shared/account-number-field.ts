/**
 * The account number as a zod field, for form actions and API parameters: the text as typed,
 * turned into `NN-NNNN-NNNN` by the one rule in ./account-number.ts, or the given message.
 */
import { z } from "zod";
import { normalizeAccountNumber } from "./account-number";

/** A required account number. */
export function accountNumberField(message: string) {
  return z.string({ error: message }).transform((text, ctx) => {
    const normalized = normalizeAccountNumber(text);
    if (normalized === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return normalized;
  });
}

/** An account number that may be left empty (then ""). */
export function optionalAccountNumberField(message: string) {
  return z
    .string({ error: message })
    .default("")
    .transform((text, ctx) => {
      if (text.trim() === "") return "";
      const normalized = normalizeAccountNumber(text);
      if (normalized === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return normalized;
    });
}
