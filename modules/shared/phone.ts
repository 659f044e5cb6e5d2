/**
 * Philippine mobile numbers, one rule for every form that asks for one (alerts, outage
 * reports, AGAM one-time codes): 09XXXXXXXXX, +639XXXXXXXXX or 639XXXXXXXXX, with spaces or
 * dashes, stored as 639XXXXXXXXX (the form SMS gateways take).
 */
export const mobileExample = "0917 123 4567";
export const mobileHint = `A Philippine mobile number, for example ${mobileExample}`;

export function normalizeMobile(input: string): string | null {
  const digits = input.trim().replace(/[\s-]/g, "");
  const match = /^(?:\+?63|0)(9\d{9})$/.exec(digits);
  return match ? `63${match[1]}` : null;
}

/** What a screen may show of a number on file: `0917 ••• 4567`. */
export function maskMobile(normalized: string): string {
  const local = `0${normalized.slice(2)}`;
  return `${local.slice(0, 4)} ••• ${local.slice(-4)}`;
}
