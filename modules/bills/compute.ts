/**
 * A bill's lines from the published schedule: kWh × rate (kW × rate for demand, once per bill
 * for the per-customer and per-meter charges), the VAT each component carries, the lifeline or
 * senior citizen discount. The estimator on /rates and the check of every imported bill both
 * come through here, so what a member is told and what staff check against are one rule.
 *
 * Rounding (ROUNDING_RULE, shown on the bill check's page): each line to the centavo (half up);
 * a VAT published in Php per unit is quantity × that figure, rounded the same way; a VAT in percent
 * is that percent of the rounded line; discounts on the sum of the rounded discountable lines.
 * Figures are exact (integers), never floating pesos.
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

/** cents × percent (4 decimals) / 100, half up. */
function percentOf(cents: number, percent: number): number {
  return mulDivRound(cents, toUnits(percent, 4), 1_000_000);
}

/** The rule above in a sentence, for the pages that compare bills with it. */
export const ROUNDING_RULE =
  "Each line is quantity × rate rounded to the centavo, half a centavo up. VAT published in Php per unit is quantity × that figure, rounded the same way; VAT given in percent is that percent of the rounded line. Discounts are taken from the sum of the rounded lines they apply to.";

export function computeBill(schedule: ClassSchedule, tiers: readonly DiscountTier[], input: BillInput): ComputedBill {
  const lifelinePercent = input.lifeline ? discountPercent(tiers, "lifeline", input.kwh) : 0;
  // One discount per bill: a senior on the lifeline rate gets the lifeline discount (the larger).
  const seniorPercent = input.senior && lifelinePercent === 0 ? discountPercent(tiers, "senior", input.kwh) : 0;
  const charges = {} as Record<ComponentCode, number>;
  const vat: Partial<Record<ComponentCode, number>> = {};
  let base = 0;
  let sum = 0;
  for (const def of SCHEDULE_COMPONENTS) {
    const { rate, vatPercent, vatPerUnit } = schedule.components[def.code];
    const waived =
      ("subsidyOf" in def && def.subsidyOf === "lifeline" && lifelinePercent > 0) ||
      ("subsidyOf" in def && def.subsidyOf === "senior" && seniorPercent > 0);
    const quantity = def.unit === "kwh" ? input.kwh : def.unit === "kw" ? (input.demandKw ?? 0) : 1;
    const amount = waived ? 0 : lineCents(quantity, rate);
    charges[def.code] = amount;
    sum += amount;
    if (def.discountable) base += amount;
    if (vatPerUnit !== null ? vatPerUnit !== 0 : vatPercent > 0) {
      const v = waived ? 0 : vatPerUnit !== null ? lineCents(quantity, vatPerUnit) : percentOf(amount, vatPercent);
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

/** One line of a bill whose billed and recomputed figures differ. */
export interface LineDifference {
  line: string;
  label: string;
  billed: number;
  computed: number;
}

/**
 * The lines of `billed` that differ from the recomputation by more than `toleranceCentavos`:
 * by default 0, so a line one centavo off is listed (the bill check's tolerance is a setting).
 */
export function compareBill(
  billed: Pick<ComputedBill, "charges" | "vat" | "lifelineDiscount" | "seniorDiscount">,
  computed: ComputedBill,
  toleranceCentavos = 0,
): LineDifference[] {
  const out: LineDifference[] = [];
  const add = (line: string, label: string, b: number, c: number) => {
    if (Math.abs(b - c) > toleranceCentavos) out.push({ line, label, billed: b, computed: c });
  };
  for (const def of SCHEDULE_COMPONENTS) {
    add(def.code, def.label, billed.charges[def.code] ?? 0, computed.charges[def.code]);
    add(`vat_${def.code}`, `VAT on ${def.label.toLowerCase()}`, billed.vat[def.code] ?? 0, computed.vat[def.code] ?? 0);
  }
  add("lifeline_discount", "Lifeline discount", billed.lifelineDiscount, computed.lifelineDiscount);
  add("senior_discount", "Senior citizen discount", billed.seniorDiscount, computed.seniorDiscount);
  return out;
}

/** The differences the bill check lists: those larger than the tolerance (0: every one). */
export function beyondTolerance(differences: readonly LineDifference[], toleranceCentavos: number): LineDifference[] {
  return differences.filter((d) => Math.abs(d.billed - d.computed) > toleranceCentavos);
}

/** The largest tolerance the bill check accepts, in centavos. */
export const MAX_TOLERANCE_CENTAVOS = 100;
