/**
 * A stored bill as the lines the billing system sent: each component it charged (in the
 * schedule's order, and any code the schedule does not know after them, as sent), the VAT of
 * each, the discounts, other charges, arrears and the total. The page, the PDF and their
 * tests read the same lines.
 */
import { FIL } from "../bills/lines";
import { componentLabel, SCHEDULE_COMPONENTS } from "../rates/schedule";
import type { Locale } from "../shared/i18n";

export interface StoredBillLine {
  group: string;
  label: string;
  /** Centavos (discounts negative). */
  amount: number;
}

export interface StoredBillAmounts {
  charges: Record<string, number>;
  vat: Record<string, number>;
  lifelineDiscount: number;
  seniorDiscount: number;
  otherLabel: string;
  otherAmount: number;
  arrears: number;
  totalDue: number;
}

const LABELS = new Map<string, { label: string; fil: string; group: string }>(
  SCHEDULE_COMPONENTS.map((d) => [d.code, { label: d.label, fil: componentLabel(d, "fil"), group: d.group }]),
);

/** The groups' headings on a Filipino page (the bill itself is printed in English). */
const GROUPS_FIL: Record<string, string> = {
  "Generation and transmission": "Paglikha at transmisyon",
  Distribution: "Distribusyon",
  Others: "Iba pa",
  "Government subsidies and universal charges": "Mga subsidiya at universal charge ng pamahalaan",
  "Value-added tax": "VAT (value-added tax)",
  Discounts: "Mga diskwento",
  "Other charges": "Iba pang singil",
  "Previous balance": "Naunang balanse",
};

const ordered = (record: Record<string, number>) => {
  const known = SCHEDULE_COMPONENTS.map((d) => d.code).filter((c) => c in record);
  const unknown = Object.keys(record)
    .filter((c) => !LABELS.has(c))
    .sort();
  return [...known, ...unknown];
};

export function storedBillLines(bill: StoredBillAmounts, locale: Locale = "en"): StoredBillLine[] {
  const fil = locale === "fil";
  const lines: StoredBillLine[] = [];
  const push = (group: string, label: string, amount: number) =>
    lines.push({ group: fil ? (GROUPS_FIL[group] ?? group) : group, label, amount });
  for (const code of ordered(bill.charges)) {
    const def = LABELS.get(code);
    push(def?.group ?? "Others", (fil ? def?.fil : def?.label) ?? code, bill.charges[code]!);
  }
  for (const code of ordered(bill.vat)) {
    const def = LABELS.get(code);
    push("Value-added tax", fil ? FIL.vat(def?.fil ?? code) : `VAT on ${(def?.label ?? code).toLowerCase()}`, bill.vat[code]!);
  }
  if (bill.lifelineDiscount) push("Discounts", fil ? FIL.lifeline : "Lifeline discount", bill.lifelineDiscount);
  if (bill.seniorDiscount) push("Discounts", fil ? FIL.senior : "Senior citizen discount", bill.seniorDiscount);
  // The billing system's own label for other charges is kept as it sent it.
  if (bill.otherAmount) push("Other charges", bill.otherLabel || (fil ? "Iba pang singil" : "Other charges"), bill.otherAmount);
  if (bill.arrears) push("Previous balance", fil ? "Hindi pa nababayaran mula sa nakaraang bill" : "Arrears", bill.arrears);
  return lines;
}

/** The lines by group, in their first appearance's order. */
export function groupLines(lines: StoredBillLine[]): { group: string; lines: StoredBillLine[]; subtotal: number }[] {
  const groups = new Map<string, StoredBillLine[]>();
  for (const l of lines) groups.set(l.group, [...(groups.get(l.group) ?? []), l]);
  return [...groups].map(([group, ls]) => ({ group, lines: ls, subtotal: ls.reduce((s, l) => s + l.amount, 0) }));
}
