/**
 * A stored bill as the lines the billing system sent: each component it charged (in the
 * schedule's order, and any code the schedule does not know after them, as sent), the VAT of
 * each, the discounts, other charges, arrears and the total. The page, the PDF and their
 * tests read the same lines.
 */
import { SCHEDULE_COMPONENTS } from "../rates/schedule";

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

const LABELS = new Map<string, { label: string; group: string }>(
  SCHEDULE_COMPONENTS.map((d) => [d.code, { label: d.label, group: d.group }]),
);

const ordered = (record: Record<string, number>) => {
  const known = SCHEDULE_COMPONENTS.map((d) => d.code).filter((c) => c in record);
  const unknown = Object.keys(record)
    .filter((c) => !LABELS.has(c))
    .sort();
  return [...known, ...unknown];
};

export function storedBillLines(bill: StoredBillAmounts): StoredBillLine[] {
  const lines: StoredBillLine[] = [];
  for (const code of ordered(bill.charges)) {
    const def = LABELS.get(code);
    lines.push({ group: def?.group ?? "Others", label: def?.label ?? code, amount: bill.charges[code]! });
  }
  for (const code of ordered(bill.vat)) {
    const def = LABELS.get(code);
    lines.push({ group: "Value-added tax", label: `VAT on ${(def?.label ?? code).toLowerCase()}`, amount: bill.vat[code]! });
  }
  if (bill.lifelineDiscount) lines.push({ group: "Discounts", label: "Lifeline discount", amount: bill.lifelineDiscount });
  if (bill.seniorDiscount) lines.push({ group: "Discounts", label: "Senior citizen discount", amount: bill.seniorDiscount });
  if (bill.otherAmount) lines.push({ group: "Other charges", label: bill.otherLabel || "Other charges", amount: bill.otherAmount });
  if (bill.arrears) lines.push({ group: "Previous balance", label: "Arrears", amount: bill.arrears });
  return lines;
}

/** The lines by group, in their first appearance's order. */
export function groupLines(lines: StoredBillLine[]): { group: string; lines: StoredBillLine[]; subtotal: number }[] {
  const groups = new Map<string, StoredBillLine[]>();
  for (const l of lines) groups.set(l.group, [...(groups.get(l.group) ?? []), l]);
  return [...groups].map(([group, ls]) => ({ group, lines: ls, subtotal: ls.reduce((s, l) => s + l.amount, 0) }));
}
