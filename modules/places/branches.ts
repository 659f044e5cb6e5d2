/** Offices without the database: the type and phone links. */
export interface Branch {
  name: string;
  officeName: string;
  address: string;
  phones: string[];
}

/** "0917 555 0101" -> "tel:+639175550101"; "(075) 553-0123" -> "tel:+63755530123" (Philippine numbers). */
export function phoneHref(number: string): string {
  const digits = number.replace(/\D/g, "");
  if (digits.startsWith("63")) return `tel:+${digits}`;
  if (digits.startsWith("0")) return `tel:+63${digits.slice(1)}`;
  return `tel:${digits}`;
}
