/**
 * AGAM rules the browser needs too (no database, no Node modules): safe to
 * import from page components.
 */

/** Where a registration came from (the page's ?origin=, or the API client's name). */
export const ORIGIN_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
export const DEFAULT_ORIGIN = "web";
/** Longest "why disagree?" reason kept. */
export const REASON_MAX = 500;

/** The origin to use: the given one when well-formed, else the default. */
export function originOrDefault(value: unknown): string {
  return typeof value === "string" && ORIGIN_PATTERN.test(value) ? value : DEFAULT_ORIGIN;
}

/** Where the confirmation of an account lives. */
export function confirmationPath(origin: string, account: string): string {
  return `/agam-registration-confirmation/${encodeURIComponent(origin)}/${encodeURIComponent(account)}`;
}
