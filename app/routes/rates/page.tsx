import { Form } from "react-router";
import { computeBill } from "../../../modules/bills/compute";
import { type DiscountTier, discountCeiling } from "../../../modules/bills/discounts";
import { type BillLine, billLines } from "../../../modules/bills/lines";
import { pesos } from "../../../modules/bills/money";
import {
  ESTIMATE_MAX_KWH,
  estimateBill,
  GENERATION_COLUMNS,
  isTotalRow,
  monthLabel,
  parseRateMonth,
  rateYears,
} from "../../../modules/rates/model";
import { getOfficialRates, getRateHistory, listGenerationCharges } from "../../../modules/rates/queries.server";
import { type ClassSchedule, SCHEDULE_COMPONENTS, totalPerKwh, UNIT_LABELS } from "../../../modules/rates/schedule";
import { getSchedule, listDiscountTiers } from "../../../modules/rates/schedule.server";
import { COOPERATIVE, RATE_TYPE_LABELS, RATE_TYPES, type RateType } from "../../../modules/shared/constants";
import { MONTH_NAMES } from "../../../modules/shared/dates";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { services } from "../../context";
import type { Route } from "./+types/page";
import { RateHistoryChart } from "./RateHistoryChart";
import "./rates.css";
import { Field } from "../../components/ui/Field";
import { socialMeta } from "../../seo";

export const NO_RATES = "No rates found for this month!";
export const NO_CHARGES = "No generation charges data found!";

const DISCOUNTS = { none: "None", lifeline: "Lifeline rate (RA 11552)", senior: "Senior citizen (RA 9994)" } as const;
type Discount = keyof typeof DISCOUNTS;

type Estimate = {
  kwh: string;
  type: RateType;
  discount: Discount;
  demand: string;
  error?: string;
  demandError?: string;
  /** Without a schedule for the month: kWh × the official rate. */
  result?: { amount: number; rate: number };
  /** With one: the bill's lines, in centavos. */
  bill?: { lines: BillLine[]; total: number };
};

function readEstimate(
  params: URLSearchParams,
  rates: { type: RateType; amount: number }[],
  schedule: ClassSchedule[],
  tiers: DiscountTier[],
): Estimate | null {
  const rawKwh = params.get("kwh");
  const rawType = params.get("type") ?? "R";
  const type: RateType = (RATE_TYPES as readonly string[]).includes(rawType) ? (rawType as RateType) : "R";
  const rawDiscount = params.get("discount") ?? "none";
  const discount: Discount = rawDiscount in DISCOUNTS ? (rawDiscount as Discount) : "none";
  const rawDemand = (params.get("demand") ?? "").trim().slice(0, 20);
  if (rawKwh === null) return null;
  const kwh = rawKwh.trim().replace(/,/g, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(kwh) || Number(kwh) <= 0 || Number(kwh) > ESTIMATE_MAX_KWH) {
    return {
      kwh: rawKwh.slice(0, 20),
      type,
      discount,
      demand: rawDemand,
      error: `Enter the kWh used as a number greater than 0 and at most ${ESTIMATE_MAX_KWH.toLocaleString("en-PH")}, like 150 or 212.5.`,
    };
  }
  const demandText = rawDemand.replace(/,/g, "");
  if (demandText && (!/^\d{1,6}(\.\d{1,3})?$/.test(demandText) || Number(demandText) <= 0))
    return {
      kwh,
      type,
      discount,
      demand: rawDemand,
      demandError: "Enter the billed demand in kW as a number, like 120, or leave it empty.",
    };
  const base = { kwh, type, discount, demand: rawDemand };
  const classSchedule = schedule.find((c) => c.classCode === type);
  if (classSchedule) {
    const input = {
      kwh: Number(kwh),
      demandKw: demandText ? Number(demandText) : null,
      lifeline: discount === "lifeline",
      senior: discount === "senior",
    };
    const bill = computeBill(classSchedule, tiers, input);
    return { ...base, bill: { lines: billLines(classSchedule, input, bill), total: bill.currentCharges } };
  }
  const rate = rates.find((r) => r.type === type);
  if (!rate) return { ...base, error: "There is no published rate for this month, so we cannot estimate. Choose another month above." };
  return { ...base, result: { amount: estimateBill(Number(kwh), rate.amount), rate: rate.amount } };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = services(context);
  const params = new URL(request.url).searchParams;
  const now = new Date();
  const { year, month, error } = parseRateMonth(params, now);
  const [rates, charges, history, schedule, tiers] = await Promise.all([
    getOfficialRates(db, year, month),
    listGenerationCharges(db, year, month),
    getRateHistory(db, year, month, 24),
    getSchedule(db, year, month),
    listDiscountTiers(db),
  ]);
  return {
    year,
    month,
    error,
    years: rateYears(now),
    rates,
    charges,
    history,
    schedule,
    tiers,
    estimate: readEstimate(params, rates, schedule, tiers),
  };
}

export function headers() {
  return { "Cache-Control": "public, max-age=300" };
}

const pageTags: Route.MetaFunction = ({ loaderData: data }) => [
  { title: `Electricity Rates${data ? ` for ${monthLabel(data.year, data.month)}` : ""} | ${COOPERATIVE.shortName}` },
  {
    name: "description",
    content:
      "Official electricity rates per kWh (Residential, Commercial, High Voltage), the breakdown of the generation charge, rate history, a CSV download and a bill estimator.",
  },
];

const php = new Intl.NumberFormat("en-PH", { style: "currency", currency: "PHP" });
const money = new Intl.NumberFormat("en-PH", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const rate4 = new Intl.NumberFormat("en-PH", { minimumFractionDigits: 4, maximumFractionDigits: 4 });
const kwhFormat = new Intl.NumberFormat("en-PH", { maximumFractionDigits: 2 });

function formatCell(unit: (typeof GENERATION_COLUMNS)[number]["unit"], v: number): string {
  if (unit === "percent") return `${money.format(v)}%`;
  if (unit === "kwh") return kwhFormat.format(v);
  if (unit === "rate") return rate4.format(v);
  return money.format(v);
}

export default function Rates({ loaderData }: Route.ComponentProps) {
  const { year, month, error, years, rates, charges, history, schedule, tiers, estimate } = loaderData;
  const label = monthLabel(year, month);
  const csvHref = `/rates.csv?year=${year}&month=${month}`;
  return (
    <div className="container page rates-page">
      <Breadcrumb items={[{ label: "News", to: "/news" }, { label: "Electricity Rates" }]} />
      <h1>Electricity Rates</h1>

      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}

      <Form method="get" action="/rates" className="rates-month" aria-label="Choose a month">
        <Field id="year" label="Year">
          {(p) => (
            <select {...p} defaultValue={String(year)} key={`y${year}`}>
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="month" label="Month">
          {(p) => (
            <select {...p} defaultValue={String(month)} key={`m${month}`}>
              {MONTH_NAMES.map((name, i) => (
                <option key={name} value={i + 1}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="field">
          <button type="submit" className="button">
            Show rates
          </button>
        </div>
      </Form>

      <section aria-labelledby="official-title" className="rates-section">
        <div className="rates-section__head">
          <h2 id="official-title">Official Rates, {label}</h2>
          {(rates.length > 0 || charges.length > 0) && (
            <a className="button button--secondary rates-csv" href={csvHref} download>
              Download CSV<span className="visually-hidden"> of {label}</span>
            </a>
          )}
        </div>
        {rates.length ? (
          <div className="table-wrap">
            <table className="rates-official">
              <caption className="visually-hidden">Official rates for {label}, in pesos per kWh</caption>
              <thead>
                <tr>
                  <th scope="col">Type</th>
                  <th scope="col">Description</th>
                  <th scope="col" className="num">
                    Rate (Php/kWh)
                  </th>
                </tr>
              </thead>
              <tbody>
                {rates.map((r) => (
                  <tr key={r.type}>
                    <th scope="row">{r.type}</th>
                    <td>{RATE_TYPE_LABELS[r.type]}</td>
                    <td className="num">{rate4.format(r.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="rates-empty">{NO_RATES}</p>
        )}
      </section>

      {schedule.length > 0 && <UnbundledSchedule schedule={schedule} tiers={tiers} label={label} />}

      <section aria-labelledby="generation-title" className="rates-section">
        <h2 id="generation-title">Breakdown of Generation Charge, {label}</h2>
        {charges.length ? (
          <>
            <p className="rates-scroll-hint">Scroll the table sideways to see every column.</p>
            <div
              className="table-wrap rates-generation-wrap"
              tabIndex={0}
              role="region"
              aria-label="Generation charge table, scrolls sideways"
            >
              <table className="rates-generation">
                <caption className="visually-hidden">Breakdown of the generation charge for {label}; the last row is the total</caption>
                <thead>
                  <tr>
                    <th scope="col">Power Source</th>
                    {GENERATION_COLUMNS.map((c) => (
                      <th scope="col" key={c.key} className="num">
                        {c.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {charges.map((c) => (
                    <tr key={c.source.queue} className={isTotalRow(c) ? "rates-total" : undefined}>
                      <th scope="row">{c.source.name}</th>
                      {GENERATION_COLUMNS.map((col) => (
                        <td key={col.key} className="num">
                          {formatCell(col.unit, c[col.key])}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : (
          <p className="rates-empty">{NO_CHARGES}</p>
        )}
      </section>

      <section aria-labelledby="estimate-title" className="rates-section rates-estimator" id="estimate">
        <h2 id="estimate-title">Estimate your bill</h2>
        <p>
          {schedule.length
            ? `Your bill's lines for the kWh you used, from the ${label} schedule above, with VAT and your discount.`
            : `Multiply the kWh on your meter reading by the ${label} rate for your type of service.`}
        </p>
        <Form method="get" action="/rates#estimate" className="rates-estimator__form" preventScrollReset>
          <input type="hidden" name="year" value={year} />
          <input type="hidden" name="month" value={month} />
          <Field id="kwh" label="Energy used (kWh)" error={estimate?.error}>
            {(p) => (
              <input
                {...p}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                maxLength={20}
                defaultValue={estimate?.kwh ?? ""}
                key={`kwh${estimate?.kwh ?? ""}`}
                required
              />
            )}
          </Field>
          <Field id="type" label="Type of service">
            {(p) => (
              <select {...p} defaultValue={estimate?.type ?? "R"} key={`t${estimate?.type ?? "R"}`}>
                {RATE_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {t} – {RATE_TYPE_LABELS[t]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {schedule.length > 0 && (
            <>
              <Field id="discount" label="Discount">
                {(p) => (
                  <select {...p} defaultValue={estimate?.discount ?? "none"} key={`d${estimate?.discount ?? "none"}`}>
                    {Object.entries(DISCOUNTS).map(([value, text]) => (
                      <option key={value} value={value}>
                        {text}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field id="demand" label="Billed demand (kW), high voltage only" error={estimate?.demandError}>
                {(p) => (
                  <input
                    {...p}
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    maxLength={20}
                    defaultValue={estimate?.demand ?? ""}
                    key={`kw${estimate?.demand ?? ""}`}
                  />
                )}
              </Field>
            </>
          )}
          <div className="field">
            <button type="submit" className="button">
              Estimate
            </button>
          </div>
        </Form>
        {estimate?.bill && (
          <div className="rates-estimate-result notice notice--success" role="status">
            <p>
              Estimated bill:{" "}
              <output htmlFor="kwh type discount demand" className="rates-estimate-amount">
                {php.format(estimate.bill.total / 100)}
              </output>
            </p>
            <div className="table-wrap">
              <table className="rates-bill-lines">
                <caption className="visually-hidden">The estimate's lines, as a bill shows them</caption>
                <thead>
                  <tr>
                    <th scope="col">Charge</th>
                    <th scope="col">How</th>
                    <th scope="col" className="num">
                      Php
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {estimate.bill.lines.map((l) => (
                    <tr key={l.label}>
                      <th scope="row">{l.label}</th>
                      <td>{l.detail}</td>
                      <td className="num">{pesos(l.amount)}</td>
                    </tr>
                  ))}
                  <tr className="rates-total">
                    <th scope="row">Total</th>
                    <td />
                    <td className="num">{pesos(estimate.bill.total)}</td>
                  </tr>
                </tbody>
              </table>
            </div>
            <p className="rates-estimate-detail">
              {kwhFormat.format(Number(estimate.kwh))} kWh, {estimate.type} {RATE_TYPE_LABELS[estimate.type]}, {label}. An estimate: your
              bill may also carry arrears, adjustments or other charges.
            </p>
          </div>
        )}
        {estimate?.result && (
          <div className="rates-estimate-result notice notice--success" role="status">
            <p>
              Estimated bill:{" "}
              <output htmlFor="kwh type" className="rates-estimate-amount">
                {php.format(estimate.result.amount)}
              </output>
            </p>
            <p className="rates-estimate-detail">
              {kwhFormat.format(Number(estimate.kwh))} kWh × {php.format(estimate.result.rate)}/kWh ({estimate.type}{" "}
              {RATE_TYPE_LABELS[estimate.type]}, {label}). An estimate only: your actual bill may include other charges, taxes, discounts or
              arrears.
            </p>
          </div>
        )}
      </section>

      <section aria-labelledby="history-title" className="rates-section">
        <h2 id="history-title">Rate history</h2>
        <p>Official rates for the 24 months up to {label}, in pesos per kWh.</p>
        <RateHistoryChart history={history} />
      </section>
    </div>
  );
}

/** The month's unbundled schedule: a row per component, a column per class, the totals at the foot (the official rates above). */
function UnbundledSchedule({ schedule, tiers, label }: { schedule: ClassSchedule[]; tiers: DiscountTier[]; label: string }) {
  const lifeline = tiers.filter((t) => t.program === "lifeline");
  const senior = tiers.filter((t) => t.program === "senior");
  return (
    <section aria-labelledby="schedule-title" className="rates-section">
      <h2 id="schedule-title">Unbundled Rate Schedule, {label}</h2>
      <p>
        What each part of the rate pays for, per class. The VAT each part carries is shown beside it; the last row is the rate per kWh with
        VAT, the official rate above.
      </p>
      <div className="table-wrap rates-generation-wrap" tabIndex={0} role="region" aria-label="Unbundled rate schedule, scrolls sideways">
        <table className="rates-generation rates-schedule">
          <caption className="visually-hidden">Unbundled rate schedule for {label}, per class</caption>
          <thead>
            <tr>
              <th scope="col">Component</th>
              <th scope="col">Unit</th>
              {schedule.map((c) => (
                <th scope="col" key={c.classCode} className="num">
                  {c.classCode} {c.classLabel}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {SCHEDULE_COMPONENTS.map((def) => (
              <tr key={def.code}>
                <th scope="row">{def.label}</th>
                <td>{UNIT_LABELS[def.unit]}</td>
                {schedule.map((c) => {
                  const r = c.components[def.code];
                  return (
                    <td key={c.classCode} className="num">
                      {rate4.format(r.rate)}
                      {r.vatPercent > 0 && r.rate !== 0 ? <span className="rates-vat"> +{r.vatPercent}% VAT</span> : null}
                    </td>
                  );
                })}
              </tr>
            ))}
            <tr className="rates-total">
              <th scope="row">Total per kWh, with VAT</th>
              <td>{UNIT_LABELS.kwh}</td>
              {schedule.map((c) => (
                <td key={c.classCode} className="num">
                  {rate4.format(totalPerKwh(c))}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      {lifeline.length > 0 && (
        <p className="rates-discounts">
          Lifeline discount (Republic Act 11552), for registered accounts up to {discountCeiling(tiers, "lifeline")} kWh:{" "}
          {lifeline.map((t) => `${t.percent}% for ${t.minKwh === 0 ? "up to" : `${t.minKwh}–`}${t.maxKwh} kWh`).join(", ")}.
          {senior.length > 0 &&
            ` Senior citizen discount (Republic Act 9994), for registered accounts: ${senior.map((t) => `${t.percent}% up to ${t.maxKwh} kWh`).join(", ")}.`}{" "}
          Both apply to the generation, transmission, system loss, distribution, supply and metering charges.
        </p>
      )}
    </section>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);

/** The query parameters this page reads: the only ones in its server-cache key. */
export const handle = { query: ["year", "month", "kwh", "type", "discount", "demand"] };
