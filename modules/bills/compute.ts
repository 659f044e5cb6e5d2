/**
 * A bill's lines from the published schedule: kWh × rate (kW × rate for demand, once per bill
 * for the per-customer and per-meter charges), the VAT each component carries, the lifeline or
 * senior citizen discount. The estimator on /rates and the check of every imported bill both
 * come through here, so what a member is told and what staff check against are one rule.
 *
 * Rounding: each line to the centavo (half up), VAT on the rounded line, discounts on the sum
 * of the rounded discountable lines. Figures are exact (integers), never floating pesos.
 */
import { type ClassSchedule, type ComponentCode, SCHEDULE_COMPONENTS } from "../rates/schedule";
import { type DiscountTier, discountPercent } from "./discounts";
import { mulDivRound, toUnits } from "./money";

export interface BillInput {
  /** kWh used (two decimals at most). */
  kwh: number;
  /** Billed demand in kW, for the classes billed on demand; null or 0 otherwise. */
  demandKw: number | null;
  /** Registered for the lifeline rate / the senior citizen discount. */
  lifeline: boolean;
  senior: boolean;
}

export interface ComputedBill {
  /** Centavos per component (0 where it does not apply). */
  charges: Record<ComponentCode, number>;
  /** VAT in centavos per component that carries it (absent when 0 % VAT). */
  vat: Partial<Record<ComponentCode, number>>;
  /** Negative or 0, in centavos. */
  lifelineDiscount: number;
  seniorDiscount: number;
  lifelinePercent: number;
  seniorPercent: number;
  /** Charges + VAT + discounts: the bill's current charges, before other charges and arrears. */
  currentCharges: number;
}

/** quantity (2 decimals) × rate (6 decimals) in centavos, half up. */
function lineCents(quantity: number, rate: number): number {
  return mulDivRound(toUnits(quantity, 2), toUnits(rate, 6), 1_000_000);
}

/** cents × percent (2 decimals) / 100, half up. */
function percentOf(cents: number, percent: number): number {
  return mulDivRound(cents, toUnits(percent, 2), 10_000);
}

export function computeBill(schedule: ClassSchedule, tiers: readonly DiscountTier[], input: BillInput): ComputedBill {
  const lifelinePercent = input.lifeline ? discountPercent(tiers, "lifeline", input.kwh) : 0;
  // One discount per bill: a senior on the lifeline rate gets the lifeline discount (the larger).
  const seniorPercent = input.senior && lifelinePercent === 0 ? discountPercent(tiers, "senior", input.kwh) : 0;
  const charges = {} as Record<ComponentCode, number>;
  const vat: Partial<Record<ComponentCode, number>> = {};
  let base = 0;
  let sum = 0;
  for (const def of SCHEDULE_COMPONENTS) {
    const { rate, vatPercent } = schedule.components[def.code];
    const waived =
      ("subsidyOf" in def && def.subsidyOf === "lifeline" && lifelinePercent > 0) ||
      ("subsidyOf" in def && def.subsidyOf === "senior" && seniorPercent > 0);
    const quantity = def.unit === "kwh" ? input.kwh : def.unit === "kw" ? (input.demandKw ?? 0) : 1;
    const amount = waived ? 0 : lineCents(quantity, rate);
    charges[def.code] = amount;
    sum += amount;
    if (def.discountable) base += amount;
    if (vatPercent > 0) {
      const v = percentOf(amount, vatPercent);
      vat[def.code] = v;
      sum += v;
    }
  }
  const lifelineDiscount = lifelinePercent > 0 ? -percentOf(base, lifelinePercent) : 0;
  const seniorDiscount = seniorPercent > 0 ? -percentOf(base, seniorPercent) : 0;
  return {
    charges,
    vat,
    lifelineDiscount,
    seniorDiscount,
    lifelinePercent,
    seniorPercent,
    currentCharges: sum + lifelineDiscount + seniorDiscount,
  };
}

/** One line of a bill whose billed and recomputed figures differ by more than a centavo. */
export interface LineDifference {
  line: string;
  label: string;
  billed: number;
  computed: number;
}

/** The lines of `billed` that differ from the recomputation by more than one centavo. */
export function compareBill(
  billed: Pick<ComputedBill, "charges" | "vat" | "lifelineDiscount" | "seniorDiscount">,
  computed: ComputedBill,
): LineDifference[] {
  const out: LineDifference[] = [];
  const add = (line: string, label: string, b: number, c: number) => {
    if (Math.abs(b - c) > 1) out.push({ line, label, billed: b, computed: c });
  };
  for (const def of SCHEDULE_COMPONENTS) {
    add(def.code, def.label, billed.charges[def.code] ?? 0, computed.charges[def.code]);
    add(`vat_${def.code}`, `VAT on ${def.label.toLowerCase()}`, billed.vat[def.code] ?? 0, computed.vat[def.code] ?? 0);
  }
  add("lifeline_discount", "Lifeline discount", billed.lifelineDiscount, computed.lifelineDiscount);
  add("senior_discount", "Senior citizen discount", billed.seniorDiscount, computed.seniorDiscount);
  return out;
}
