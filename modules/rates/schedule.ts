/**
 * The unbundled rate schedule (ERC's published format): per month and rate class, one rate
 * per component and the VAT each component carries. Pure: the rates page, the API, the
 * console, the estimator and the bill recomputation all read these definitions, and the
 * class's total per kWh is computed here and nowhere else (`totalPerKwh`).
 */

import type { Locale } from "../shared/i18n";

/** What a component's rate multiplies: kWh used, kW of billed demand, or once per bill. */
export type ComponentUnit = "kwh" | "kw" | "customer" | "meter";

export interface ComponentDef {
  /** Column name in the schedule and bill files, key in the API. */
  code: string;
  /** The official English name, as printed on the bill and in the schedule files. */
  label: string;
  /** Its name on the Filipino pages (docs/glossary-filipino.md); the bill's name is shown beside it. */
  fil: string;
  unit: ComponentUnit;
  /** The bill's group heading (ERC's unbundled bill). */
  group: "Generation and transmission" | "Distribution" | "Others" | "Government subsidies and universal charges";
  /** Part of the base the lifeline and senior citizen discounts apply to. */
  discountable: boolean;
  /** Waived for an account receiving the matching discount (the subsidy is what others pay for it). */
  subsidyOf?: "lifeline" | "senior";
}

export const SCHEDULE_COMPONENTS = [
  {
    code: "generation",
    label: "Generation charge",
    fil: "Singil sa paglikha ng kuryente",
    unit: "kwh",
    group: "Generation and transmission",
    discountable: true,
  },
  {
    code: "transmission_kwh",
    label: "Transmission charge",
    fil: "Singil sa transmisyon",
    unit: "kwh",
    group: "Generation and transmission",
    discountable: true,
  },
  {
    code: "transmission_kw",
    label: "Transmission demand charge",
    fil: "Singil sa transmisyon ayon sa demand",
    unit: "kw",
    group: "Generation and transmission",
    discountable: true,
  },
  {
    code: "system_loss",
    label: "System loss charge",
    fil: "Singil sa kuryenteng nawawala sa linya",
    unit: "kwh",
    group: "Generation and transmission",
    discountable: true,
  },
  {
    code: "distribution_kwh",
    label: "Distribution charge",
    fil: "Singil sa distribusyon",
    unit: "kwh",
    group: "Distribution",
    discountable: true,
  },
  {
    code: "distribution_kw",
    label: "Distribution demand charge",
    fil: "Singil sa distribusyon ayon sa demand",
    unit: "kw",
    group: "Distribution",
    discountable: true,
  },
  { code: "supply_kwh", label: "Supply charge", fil: "Singil sa suplay", unit: "kwh", group: "Distribution", discountable: true },
  {
    code: "supply_customer",
    label: "Supply charge per customer",
    fil: "Singil sa suplay bawat konsumer",
    unit: "customer",
    group: "Distribution",
    discountable: true,
  },
  { code: "metering_kwh", label: "Metering charge", fil: "Singil sa metro", unit: "kwh", group: "Distribution", discountable: true },
  {
    code: "metering_meter",
    label: "Metering charge per meter",
    fil: "Singil sa metro bawat metro",
    unit: "meter",
    group: "Distribution",
    discountable: true,
  },
  {
    code: "rfsc",
    label: "Reinvestment fund for sustainable capex",
    fil: "Pondo sa pagpapaunlad ng sistema",
    unit: "kwh",
    group: "Others",
    discountable: false,
  },
  {
    code: "lifeline_subsidy",
    label: "Lifeline subsidy",
    fil: "Subsidiya sa lifeline rate",
    unit: "kwh",
    group: "Government subsidies and universal charges",
    discountable: false,
    subsidyOf: "lifeline",
  },
  {
    code: "senior_subsidy",
    label: "Senior citizen subsidy",
    fil: "Subsidiya sa diskwento ng senior citizen",
    unit: "kwh",
    group: "Government subsidies and universal charges",
    discountable: false,
    subsidyOf: "senior",
  },
  {
    code: "uc_me",
    label: "Universal charge: missionary electrification",
    fil: "Universal charge: pagpapakuryente sa malalayong lugar",
    unit: "kwh",
    group: "Government subsidies and universal charges",
    discountable: false,
  },
  {
    code: "uc_ec",
    label: "Universal charge: environmental",
    fil: "Universal charge: pangkalikasan",
    unit: "kwh",
    group: "Government subsidies and universal charges",
    discountable: false,
  },
  {
    code: "uc_sd",
    label: "Universal charge: stranded debts",
    fil: "Universal charge: naiwang utang ng NPC",
    unit: "kwh",
    group: "Government subsidies and universal charges",
    discountable: false,
  },
  {
    code: "fit_all",
    label: "FiT-All (renewable energy)",
    fil: "FiT-All (para sa renewable energy)",
    unit: "kwh",
    group: "Government subsidies and universal charges",
    discountable: false,
  },
] as const satisfies readonly ComponentDef[];

export type ComponentCode = (typeof SCHEDULE_COMPONENTS)[number]["code"];
export const COMPONENT_CODES: readonly ComponentCode[] = SCHEDULE_COMPONENTS.map((c) => c.code);
export const componentDef = (code: string): ComponentDef | undefined => SCHEDULE_COMPONENTS.find((c) => c.code === code);

export const UNIT_LABELS: Record<ComponentUnit, string> = {
  kwh: "Php/kWh",
  kw: "Php/kW",
  customer: "Php/customer/month",
  meter: "Php/meter/month",
};
/** The units on the Filipino pages. */
export const UNIT_LABELS_FIL: Record<ComponentUnit, string> = {
  kwh: "Php/kWh",
  kw: "Php/kW",
  customer: "Php/konsumer/buwan",
  meter: "Php/metro/buwan",
};

/** A component's name in an interface language: the official English name, or the Filipino one. */
export const componentLabel = (def: Pick<ComponentDef, "label" | "fil">, locale: Locale): string =>
  locale === "fil" ? def.fil : def.label;
/** A unit in an interface language. */
export const unitLabel = (unit: ComponentUnit, locale: Locale): string => (locale === "fil" ? UNIT_LABELS_FIL : UNIT_LABELS)[unit];

/**
 * One line of the schedule: its rate, and the VAT it carries in one of the two ways
 * cooperatives publish it. Most publish each VAT line in Php per unit beside the rate
 * ("Generation VAT 0.5919 Php/kWh"); some publish a percent. The published figure is kept as
 * published, so the estimator and the bill check give the published bill to the centavo.
 */
export interface ScheduleRate {
  /** Php per unit (6 decimals at most); for the per-meter and per-customer charges, pesos a month. */
  rate: number;
  /** VAT as a percent of the line's amount (12 for most, 0 for the exempt ones); unused when `vatPerUnit` is set. */
  vatPercent: number;
  /** VAT as published in Php per the same unit as the rate (Php/kWh, Php/meter), or null when given as a percent. */
  vatPerUnit: number | null;
}

/** The VAT of one unit of a line, in Php: the published Php/unit figure, or the percent of the rate. */
export function vatPerUnitOf(r: ScheduleRate): number {
  return r.vatPerUnit ?? (r.rate * r.vatPercent) / 100;
}

/** "0.5919 Php/kWh" or "12 %": the VAT as it was entered, for the pages that show it. */
export function vatLabel(r: ScheduleRate, unit: ComponentUnit, locale: Locale): string {
  return r.vatPerUnit !== null ? `${formatRate(r.vatPerUnit)} ${unitLabel(unit, locale)}` : `${r.vatPercent} %`;
}

/** A rate or a VAT per unit with at least 4 decimals (as published) and at most 6: 4.9326, 0.000125. */
export function formatRate(n: number): string {
  const four = n.toFixed(4);
  return Number(four) === n ? four : String(Math.round(n * 1_000_000) / 1_000_000);
}

/** One rate class's schedule for a month: every component's rate and VAT. */
export interface ClassSchedule {
  classCode: string;
  classLabel: string;
  components: Record<ComponentCode, ScheduleRate>;
}

/**
 * The class's all-in rate per kWh: every per-kWh component with its VAT, to four decimals.
 * This is the "official rate" of the month (the API's `{type, amount}` and the rates table):
 * one rule, here. Per-kW, per-customer and per-meter charges are not per kWh, so not in it.
 */
export function totalPerKwh(schedule: ClassSchedule): number {
  let sum = 0;
  for (const c of SCHEDULE_COMPONENTS) {
    if (c.unit !== "kwh") continue;
    const r = schedule.components[c.code];
    sum += r.rate + vatPerUnitOf(r);
  }
  return Math.round(sum * 10_000) / 10_000;
}

/** The total per kWh of one group (the rates page shows the groups' subtotals). */
export function groupPerKwh(schedule: ClassSchedule, group: ComponentDef["group"]): number {
  let sum = 0;
  for (const c of SCHEDULE_COMPONENTS)
    if (c.unit === "kwh" && c.group === group) sum += schedule.components[c.code].rate + vatPerUnitOf(schedule.components[c.code]);
  return Math.round(sum * 10_000) / 10_000;
}

/**
 * Whether a line charges anything: a line with no rate and no VAT is the same as one left
 * empty, so it is not stored (a schedule keeps the lines typed, not a 0.0000 for every other one).
 */
export const isCharged = (r: ScheduleRate) => r.rate !== 0 || r.vatPercent !== 0 || (r.vatPerUnit ?? 0) !== 0;

/** An empty schedule (every rate 0), for a new class in the editor. */
export function emptyComponents(): Record<ComponentCode, ScheduleRate> {
  return Object.fromEntries(COMPONENT_CODES.map((c) => [c, { rate: 0, vatPercent: 0, vatPerUnit: null }])) as Record<
    ComponentCode,
    ScheduleRate
  >;
}

export interface ScheduleProblem {
  classCode: string;
  component: string;
  /** The line in words, for the person fixing it: "Residential: Universal charge: missionary electrification". */
  line: string;
  message: string;
}

/** How a line's VAT is typed: a percent of the line, or pesos per unit as published. */
export type VatBasis = "percent" | "per-unit";

/** A line as typed in the editor or a file: text figures, the VAT's basis chosen per line. */
export interface ScheduleLineInput {
  rate: string;
  vat: string;
  vatBasis: VatBasis | string;
}

const RATE_TEXT = /^-?\d{1,6}(\.\d{1,6})?$/;
const PERCENT_TEXT = /^\d{1,2}(\.\d{1,4})?$/;

/** Reads the editor's or a file's text figures; every problem named, by the line's name and the class's. */
export function checkScheduleInput(
  classes: { classCode: string; classLabel?: string; values: Record<string, ScheduleLineInput> }[],
):
  | { ok: true; classes: { classCode: string; components: Record<ComponentCode, ScheduleRate> }[] }
  | { ok: false; problems: ScheduleProblem[] } {
  const problems: ScheduleProblem[] = [];
  const out: { classCode: string; components: Record<ComponentCode, ScheduleRate> }[] = [];
  for (const cls of classes) {
    const components = emptyComponents();
    const where = cls.classLabel ?? cls.classCode;
    for (const def of SCHEDULE_COMPONENTS) {
      const v = cls.values[def.code] ?? { rate: "", vat: "", vatBasis: "percent" };
      const rateText = v.rate.replace(/,/g, "").trim() || "0";
      const vatText = v.vat.replace(/,/g, "").trim() || "0";
      const perUnit = v.vatBasis === "per-unit";
      const fixed = def.unit === "meter" || def.unit === "customer";
      const unit = UNIT_LABELS[def.unit];
      const problem = (message: string) =>
        problems.push({ classCode: cls.classCode, component: def.code, line: `${where}: ${def.label}`, message });
      if (v.vatBasis !== "percent" && v.vatBasis !== "per-unit") problem("Choose whether its VAT is in % or in pesos per unit.");
      else if (!RATE_TEXT.test(rateText))
        problem(
          fixed
            ? `"${v.rate}" is not an amount in pesos like 5.00.`
            : `"${v.rate}" is not a rate in ${unit} like 0.4523 (up to 6 decimals).`,
        );
      else if (perUnit && !RATE_TEXT.test(vatText))
        problem(`The VAT "${v.vat}" is not an amount in ${unit} like 0.5919 (up to 6 decimals).`);
      else if (!perUnit && (!PERCENT_TEXT.test(vatText) || Number(vatText) > 50))
        problem(`The VAT "${v.vat}" is not a percent like 12 (up to 4 decimals).`);
      else
        components[def.code] = perUnit
          ? { rate: Number(rateText), vatPercent: 0, vatPerUnit: Number(vatText) }
          : { rate: Number(rateText), vatPercent: Number(vatText), vatPerUnit: null };
    }
    out.push({ classCode: cls.classCode, components });
  }
  return problems.length ? { ok: false, problems } : { ok: true, classes: out };
}
