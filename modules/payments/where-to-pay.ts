/**
 * "Where to pay" as the public sees it: the places staff list in the console (offices,
 * collectors, partner outlets, e-wallets with their biller names), grouped by kind, each in the
 * visitor's language when staff wrote that version. Shared by the pages (app/routes/payments/
 * WhereToPay.tsx) and the bill PDF, so both say the same. Types and words only, light enough for
 * a page's script; the rows and their language are where-to-pay.server.ts's.
 */
import type { PAYMENT_PLACE_KINDS } from "../../db/schema/enum-values";
import type { Translations } from "../content/translations";
import type { Locale } from "../shared/i18n";

export type PaymentPlaceKind = (typeof PAYMENT_PLACE_KINDS)[number];

/** The kinds in the order a member reads them: the cooperative's own desks first, then partners. */
export const PAYMENT_PLACE_ORDER: readonly PaymentPlaceKind[] = ["office", "collector", "outlet", "wallet"];

/** A place as stored. */
export interface PaymentPlaceRow {
  id: number;
  kind: PaymentPlaceKind;
  name: string;
  details: string;
  position: number;
  translations: Translations;
}

/** A place as shown: its name and lines in `lang` (English when staff wrote no version in the visitor's language). */
export interface PaymentPlace {
  kind: PaymentPlaceKind;
  name: string;
  lines: string[];
  lang: "en" | Locale;
}

/** The places of one kind, in the order shown. */
export interface PaymentPlaceGroup {
  kind: PaymentPlaceKind;
  places: PaymentPlace[];
}

/** The words around the list, in both languages (modules do not import the catalogs, decision 0029). */
export const WHERE_TO_PAY_WORDS = {
  en: {
    title: "Where to pay",
    other: "Other ways to pay: offices, collectors, partner outlets and e-wallets",
    bring: "Bring your bill or give your account number. Keep the official receipt.",
    inEnglish: "(in English)",
    kinds: {
      office: "Cooperative offices",
      collector: "Collectors",
      outlet: "Partner payment outlets",
      wallet: "E-wallets and online banking (biller name)",
    },
  },
  fil: {
    title: "Saan magbabayad",
    other: "Iba pang paraan ng pagbabayad: mga opisina, kolektor, partner outlet at e-wallet",
    bring: "Dalhin ang inyong bill o ibigay ang numero ng account. Itago ang opisyal na resibo.",
    inEnglish: "(sa Ingles)",
    kinds: {
      office: "Mga opisina ng kooperatiba",
      collector: "Mga kolektor",
      outlet: "Mga partner na bayaran",
      wallet: "E-wallet at online banking (pangalan ng biller)",
    },
  },
} satisfies Record<Locale, unknown>;
