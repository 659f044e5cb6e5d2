import { Form } from "react-router";
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

type Estimate = { kwh: string; type: RateType; error?: string; result?: { amount: number; rate: number } };

function readEstimate(params: URLSearchParams, rates: { type: RateType; amount: number }[]): Estimate | null {
  const rawKwh = params.get("kwh");
  const rawType = params.get("type") ?? "R";
  const type: RateType = (RATE_TYPES as readonly string[]).includes(rawType) ? (rawType as RateType) : "R";
  if (rawKwh === null) return null;
  const kwh = rawKwh.trim().replace(/,/g, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(kwh) || Number(kwh) <= 0 || Number(kwh) > ESTIMATE_MAX_KWH) {
    return {
      kwh: rawKwh.slice(0, 20),
      type,
      error: `Enter the kWh used as a number greater than 0 and at most ${ESTIMATE_MAX_KWH.toLocaleString("en-PH")}, like 150 or 212.5.`,
    };
  }
  const rate = rates.find((r) => r.type === type);
  if (!rate) return { kwh, type, error: "There is no published rate for this month, so we cannot estimate. Choose another month above." };
  return { kwh, type, result: { amount: estimateBill(Number(kwh), rate.amount), rate: rate.amount } };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = services(context);
  const params = new URL(request.url).searchParams;
  const now = new Date();
  const { year, month, error } = parseRateMonth(params, now);
  const [rates, charges, history] = await Promise.all([
    getOfficialRates(db, year, month),
    listGenerationCharges(db, year, month),
    getRateHistory(db, year, month, 24),
  ]);
  return { year, month, error, years: rateYears(now), rates, charges, history, estimate: readEstimate(params, rates) };
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
  const { year, month, error, years, rates, charges, history, estimate } = loaderData;
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
        <p>Multiply the kWh on your meter reading by the {label} rate for your type of service.</p>
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
          <div className="field">
            <button type="submit" className="button">
              Estimate
            </button>
          </div>
        </Form>
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

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);

/** The query parameters this page reads: the only ones in its server-cache key. */
export const handle = { query: ["year", "month", "kwh", "type"] };
