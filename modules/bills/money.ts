/**
 * Money on a bill is whole centavos (integers), never floating pesos: a bill's lines must add
 * up to its total exactly, and a recomputed line must match to the centavo.
 */

/** a / b rounded half away from zero (a bill rounds 0.5 centavo up), for integers. */
export function roundDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r = a % b;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  const absB = b < 0n ? -b : b;
  if (twice >= absB) return a < 0n !== b < 0n ? q - 1n : q + 1n;
  return q;
}

/** "1234.5" or "-0.452301" as an integer count of 10^-digits (exact; no floating point). */
export function scaled(text: string, digits: number): bigint | null {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return null;
  const frac = (m[3] ?? "").padEnd(digits, "0");
  if (frac.length > digits) return null;
  const v = BigInt(m[2]! + frac);
  return m[1] ? -v : v;
}

/** A JS number with at most `digits` decimals, as an integer count of 10^-digits (exact below 2^53). */
export const toUnits = (n: number, digits: number): number => Math.round(n * 10 ** digits);

/**
 * a × b / d rounded half away from zero, for integers a, b and a positive d: in doubles while
 * the product is exact (below 2^53, every household and most big accounts), else in BigInt.
 */
export function mulDivRound(a: number, b: number, d: number): number {
  const p = a * b;
  if (Math.abs(p) < 2 ** 53) {
    const q = Math.trunc(p / d);
    const r = p - q * d;
    if (2 * Math.abs(r) >= d) return p < 0 ? q - 1 : q + 1;
    return q;
  }
  return Number(roundDiv(BigInt(a) * BigInt(b), BigInt(d)));
}

const AMOUNT = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/;

/** Pesos text ("1,234.50", "-12.3") as centavos; null when it is not an amount to the centavo. */
export function centavos(text: string): number | null {
  const m = AMOUNT.exec(text.includes(",") ? text.replace(/,/g, "").trim() : text.trim());
  if (!m) return null;
  const frac = m[3] === undefined ? 0 : m[3].length === 1 ? Number(m[3]) * 10 : Number(m[3]);
  const v = Number(m[2]) * 100 + frac;
  return m[1] ? -v : v;
}

/** Centavos as "1,234.50" (en-PH grouping). */
export function pesos(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString("en-PH");
  return `${sign}${whole}.${String(abs % 100).padStart(2, "0")}`;
}

/** Centavos as plain "1234.50" (files and the API). */
export function pesosPlain(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
