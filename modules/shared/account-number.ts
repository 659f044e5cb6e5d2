/**
 * Account numbers, one rule for every form and address that takes one (portal, bill inquiry,
 * AGAM, survey, outage report, new connection, the API): the ten digits printed on the bill,
 * typed any way a member types them — `0110004568`, `01 1000 4568`, `01-1000-4568`, with
 * stray spaces or a dash of another kind — and kept in one shape, `01-1000-4568`, the shape the
 * member roll, the bills and every stored row use. Digits in another grouping are the same
 * ten digits: the grouping carries no meaning, so it is not a mistake to refuse.
 * No zod here: a page may import this for its field without shipping a schema library
 * (the zod fields are in ./account-number-field.ts).
 */
import { ACCOUNT_NUMBER_EXAMPLE, ACCOUNT_NUMBER_PATTERN } from "./constants";

export { ACCOUNT_NUMBER_EXAMPLE, ACCOUNT_NUMBER_PATTERN };

/** Spaces of any kind (a pasted number may carry no-break ones), dashes of any kind, dots. */
const SEPARATORS = /[\s\u00a0\u2007\u202f\-\u2010-\u2015\u2212.]/g;

/** The account number in its stored shape `NN-NNNN-NNNN`, or null when the text is not ten digits. */
export function normalizeAccountNumber(input: string): string | null {
  if (input.length > 40) return null;
  const digits = input.replace(SEPARATORS, "");
  if (!/^\d{10}$/.test(digits)) return null;
  return `${digits.slice(0, 2)}-${digits.slice(2, 6)}-${digits.slice(6)}`;
}

/** Longest text the field takes: ten digits with generous spaces and dashes around and between. */
export const ACCOUNT_NUMBER_MAX_TYPED = 24;
