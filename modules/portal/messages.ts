/**
 * The words of what the portal sends a member (codes by SMS or e-mail, e-bills), per interface
 * language. GSM-7 only (no accents, no curly quotes): a code text stays one SMS segment.
 */
import type { Locale } from "../shared/i18n";

type CodeWhat = { kind: "sign-in" } | { kind: "link"; account: string } | { kind: "confirm-contact"; account: string } | { kind: "close" };

const WHAT: Record<Locale, (w: CodeWhat) => string> = {
  en: (w) =>
    w.kind === "sign-in"
      ? "sign in to the member portal"
      : w.kind === "link"
        ? `link account ${w.account} to the member portal`
        : w.kind === "confirm-contact"
          ? `confirm this contact for account ${w.account}`
          : "close your member portal account",
  fil: (w) =>
    w.kind === "sign-in"
      ? "mag-sign in sa member portal"
      : w.kind === "link"
        ? `i-link ang account ${w.account} sa member portal`
        : w.kind === "confirm-contact"
          ? `kumpirmahin ang contact ng account ${w.account}`
          : "isara ang inyong portal account",
};

const SUBJECT: Record<Locale, Record<CodeWhat["kind"], string>> = {
  en: {
    "sign-in": "Your WESPECO sign-in code",
    link: "Your WESPECO portal code",
    "confirm-contact": "Confirm your contact for the WESPECO portal",
    close: "Close your WESPECO portal account",
  },
  fil: {
    "sign-in": "Ang inyong code sa pag-sign in sa WESPECO",
    link: "Ang inyong code sa WESPECO portal",
    "confirm-contact": "Kumpirmahin ang inyong contact para sa WESPECO portal",
    close: "Pagsasara ng inyong WESPECO portal account",
  },
};

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
