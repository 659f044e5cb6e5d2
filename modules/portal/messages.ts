/**
 * The words of what the portal sends a member (codes by SMS or e-mail; e-bills are in
 * ebills.server.ts) and of the account name their device keeps with a passkey, per interface
 * language. Code texts are GSM-7 only (no accents, no curly quotes): one SMS segment.
 */
import type { Locale } from "../shared/i18n";

type CodeWhat =
  | { kind: "sign-in" }
  | { kind: "link"; account: string }
  | { kind: "confirm-contact"; account: string }
  | { kind: "close" }
  | { kind: "passkey" };

const WHAT: Record<Locale, (w: CodeWhat) => string> = {
  en: (w) =>
    w.kind === "sign-in"
      ? "sign in to the member portal"
      : w.kind === "link"
        ? `link account ${w.account} to the member portal`
        : w.kind === "confirm-contact"
          ? `confirm this contact for account ${w.account}`
          : w.kind === "passkey"
            ? "add a passkey to your member portal account"
            : "close your member portal account",
  fil: (w) =>
    w.kind === "sign-in"
      ? "mag-sign in sa member portal"
      : w.kind === "link"
        ? `i-link ang account ${w.account} sa member portal`
        : w.kind === "confirm-contact"
          ? `kumpirmahin ang contact ng account ${w.account}`
          : w.kind === "passkey"
            ? "magdagdag ng passkey sa inyong portal account"
            : "isara ang inyong portal account",
};

const SUBJECT: Record<Locale, Record<CodeWhat["kind"], string>> = {
  en: {
    "sign-in": "Your WESPECO sign-in code",
    link: "Your WESPECO portal code",
    "confirm-contact": "Confirm your contact for the WESPECO portal",
    close: "Close your WESPECO portal account",
    passkey: "Add a passkey to your WESPECO portal account",
  },
  fil: {
    "sign-in": "Ang inyong code sa pag-sign in sa WESPECO",
    link: "Ang inyong code sa WESPECO portal",
    "confirm-contact": "Kumpirmahin ang inyong contact para sa WESPECO portal",
    close: "Pagsasara ng inyong WESPECO portal account",
    passkey: "Pagdagdag ng passkey sa inyong WESPECO portal account",
  },
};

/**
 * The language of a message to a member: Filipino when the page the request came from is in
 * Filipino, or when the member (if there is one yet) last signed in in Filipino
 * (portal_user.language); otherwise English.
 */
export function messageLanguage(page: Locale, member?: { language: Locale } | null): Locale {
  return page === "fil" || member?.language === "fil" ? "fil" : "en";
}

/** The subject and text of a code message in the member's language. */
export function codeMessage(code: string, what: CodeWhat, language: Locale = "en"): { subject: string; text: string } {
  const w = WHAT[language](what);
  const text =
    what.kind === "close"
      ? language === "fil"
        ? `WESPECO: ${code} ang code para ${w}. 10 minuto ang bisa nito.`
        : `WESPECO: ${code} is your code to ${w}. It is valid for 10 minutes.`
      : language === "fil"
        ? `WESPECO: ${code} ang code para ${w}. 10 minuto ang bisa nito. Huwag ibigay kaninuman, kahit sa kawani ng WESPECO.`
        : `WESPECO: ${code} is your code to ${w}. It is valid for 10 minutes. Do not give it to anyone, not even to WESPECO staff.`;
  return { subject: SUBJECT[language][what.kind], text };
}

/**
 * The account name a member's phone or password manager shows beside a passkey (the WebAuthn
 * user name and display name): the portal and what the member proved, their first linked
 * account (or else their contact, masked). Never the internal `…@members.invalid` address, and
 * nothing more than the member linked themselves, for whoever else holds the phone.
 */
export function passkeyAccountName(who: string | null, language: Locale = "en"): string {
  const portal = language === "fil" ? "Portal ng miyembro ng WESPECO" : "WESPECO member portal";
  return who ? `${portal} \u00b7 ${who}` : portal;
}
