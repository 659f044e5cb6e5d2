/**
 * The demo member roll's account numbers, named: the seed creates them with these and
 * tests and docs find them here (docs/agam-demo-accounts.md lists a few).
 * Account `k` (0 to 23) of district `d` (1 to 9) is `0d-(1000 + 37k)-(4567 + 101k + d)`.
 */

export const DEMO_ACCOUNTS_PER_DISTRICT = 24;
/** In every district, account 1 is registered for the assembly by the seed. */
export const DEMO_REGISTERED_INDEX = 1;
/** An account number no member has. */
export const UNKNOWN_ACCOUNT = "09-9999-9999";

export function demoAccountNumber(district: number, k: number): string {
  return `0${district}-${String(1000 + k * 37).padStart(4, "0")}-${String(4567 + k * 101 + district).padStart(4, "0")}`;
}

/** The account of `district` the seed has already registered. */
export const registeredDemoAccount = (district: number) => demoAccountNumber(district, DEMO_REGISTERED_INDEX);
