/**
 * A member's contact for one-time codes: a Philippine mobile number (stored as 639XXXXXXXXX,
 * the form the SMS gateway takes) or an e-mail address (lower case). One rule for the sign-in
 * form, the contact on file and a contact added after proving a bill.
 */
import { maskMobile, normalizeMobile } from "../shared/phone";

export type ContactKind = "sms" | "email";

export interface Contact {
  kind: ContactKind;
  value: string;
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]{1,64}@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** What a member typed, as a contact; null when it is neither a mobile number nor an e-mail address. */
export function parseContact(input: string): Contact | null {
  const text = input.trim();
  if (text.includes("@")) {
    const email = text.toLowerCase();
    return email.length <= 254 && EMAIL.test(email) ? { kind: "email", value: email } : null;
  }
  const mobile = normalizeMobile(text);
  return mobile ? { kind: "sms", value: mobile } : null;
}

/** What a page may show of a contact: `0917 ••• 4567`, `j•••@example.com`. */
export function maskContact(contact: Contact): string {
  if (contact.kind === "sms") return maskMobile(contact.value);
  const [name = "", domain = ""] = contact.value.split("@");
  return `${name.slice(0, 1)}•••@${domain}`;
}

/** The contacts on file of an account (the member roll), in the order codes go to them: mobile first. */
export function contactOnFile(row: { phone: string | null; email: string | null }): Contact | null {
  const mobile = row.phone ? normalizeMobile(row.phone) : null;
  if (mobile) return { kind: "sms", value: mobile };
  const email = row.email ? parseContact(row.email) : null;
  return email?.kind === "email" ? email : null;
}
