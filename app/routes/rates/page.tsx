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
import {
  type ClassSchedule,
  componentLabel,
  formatRate,
  SCHEDULE_COMPONENTS,
  totalPerKwh,
  unitLabel,
} from "../../../modules/rates/schedule";
import { getSchedule, listDiscountTiers } from "../../../modules/rates/schedule.server";
import { COOPERATIVE, FIRST_RATE_YEAR, RATE_TYPES, type RateType } from "../../../modules/shared/constants";
import { MONTH_NAMES } from "../../../modules/shared/dates";
import {
  formatNumber,
  formatPeso,
  INTL_LOCALE,
  type Locale,
  localeOfPath,
  type Translator,
  translator,
} from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { services } from "../../context";
import { requestLocale, useLocale, useLocalePath, useT } from "../../i18n";
import { DISCOUNT_KEYS, RATE_TYPE_KEYS, rateMessages } from "../../messages/rates";
import { shellMessages } from "../../messages/shell";
import type { Route } from "./+types/page";
import { RateHistoryChart } from "./RateHistoryChart";
import { sourceName } from "./source-name";
import "./rates.css";
import { Field } from "../../components/ui/Field";
import { socialMeta } from "../../seo";

const DISCOUNTS = DISCOUNT_KEYS;
type Discount = keyof typeof DISCOUNTS;
type T = Translator<typeof rateMessages.en>;

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
  t: T,
  locale: Locale,
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
      error: t("rates.kwh.error", { max: formatNumber(ESTIMATE_MAX_KWH, locale) }),
    };
  }
  const demandText = rawDemand.replace(/,/g, "");
  if (demandText && (!/^\d{1,6}(\.\d{1,3})?$/.test(demandText) || Number(demandText) <= 0))
    return {
      kwh,
      type,
      discount,
      demand: rawDemand,
      demandError: t("rates.demand.error"),
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
    return { ...base, bill: { lines: billLines(classSchedule, input, bill, locale), total: bill.currentCharges } };
  }
  const rate = rates.find((r) => r.type === type);
  if (!rate) return { ...base, error: t("rates.noRate") };
  return { ...base, result: { amount: estimateBill(Number(kwh), rate.amount), rate: rate.amount } };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, reference } = services(context);
  const params = new URL(request.url).searchParams;
  const locale = requestLocale(request);
  const now = new Date();
  const { year, month, invalid } = parseRateMonth(params, now);
  const t = translator(rateMessages, locale);
  // A month's figures are reference data: read once, kept until a content change or a
  // scheduled publication (server/schedule-watch.ts drops them), not ten queries a render.
  const { rates, charges, history, schedule, tiers } = await reference(`rates:${year}-${month}`, async () => {
    const [rates, charges, history, schedule, tiers] = await Promise.all([
      getOfficialRates(db, year, month),
      listGenerationCharges(db, year, month),
      getRateHistory(db, year, month, 24),
      getSchedule(db, year, month),
      listDiscountTiers(db),
    ]);
    return { rates, charges, history, schedule, tiers };
  });
  return {
    year,
    month,
    error: invalid && t("rates.month.error", { year: invalid.year, month: invalid.month, first: FIRST_RATE_YEAR, last: invalid.lastYear }),
    years: rateYears(now),
    rates,
    charges,
    history,
    schedule,
    tiers,
    estimate: readEstimate(params, rates, schedule, tiers, t, locale),
  };
}

export function headers() {
  return { "Cache-Control": "public, max-age=300" };
}

const pageTags: Route.MetaFunction = ({ loaderData: data, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = translator(rateMessages, locale);
  const title = data ? t("rates.titleFor", { month: localMonthLabel(data.year, data.month, locale) }) : t("rates.title");
  return [{ title: `${title} | ${COOPERATIVE.shortName}` }, { name: "description", content: t("rates.description") }];
};

const monthNames = new Map<Locale, string[]>();
/** "July 2025" / "Hulyo 2025": the month's name from the platform in the page's language. */
function localMonthLabel(year: number, month: number, locale: Locale): string {
  if (locale === "en") return monthLabel(year, month);
  return `${monthNamesOf(locale)[month - 1]} ${year}`;
}
function monthNamesOf(locale: Locale): string[] {
  let names = monthNames.get(locale);
  if (!names) {
    const f = new Intl.DateTimeFormat(INTL_LOCALE[locale], { month: "long", timeZone: "UTC" });
    names = MONTH_NAMES.map((_, i) => f.format(new Date(Date.UTC(2000, i, 15))));
    monthNames.set(locale, names);
  }
  return names;
}

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
  const locale = useLocale();
  const t = useT(rateMessages);
  const nav = useT(shellMessages);
  const lp = useLocalePath();
  const label = localMonthLabel(year, month, locale);
  const php = (amount: number) => formatPeso(amount, locale);
  const csvHref = `/rates.csv?year=${year}&month=${month}`;
  return (
    <div className="container page rates-page">
      <Breadcrumb items={[{ label: nav("nav.news"), to: "/news" }, { label: t("rates.title") }]} />
      <h1>{t("rates.title")}</h1>

      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}

      <Form method="get" action={lp("/rates")} className="rates-month" aria-label={t("rates.month.choose")}>
        <Field id="year" label={t("rates.year")}>
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
        <Field id="month" label={t("rates.month")}>
          {(p) => (
            <select {...p} defaultValue={String(month)} key={`m${month}`}>
              {monthNamesOf(locale).map((name, i) => (
                <option key={name} value={i + 1}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="field">
          <button type="submit" className="button">
            {t("rates.show")}
          </button>
        </div>
      </Form>

      <section aria-labelledby="official-title" className="rates-section">
        <div className="rates-section__head">
          <h2 id="official-title">{t("rates.official", { month: label })}</h2>
          {(rates.length > 0 || charges.length > 0) && (
            <a className="button button--secondary rates-csv" href={csvHref} download>
              {t("rates.csv")}
              <span className="visually-hidden">{t("rates.csv.of", { month: label })}</span>
            </a>
          )}
        </div>
        {rates.length ? (
          <div className="table-wrap">
            <table className="rates-official">
              <caption className="visually-hidden">{t("rates.official.caption", { month: label })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("rates.col.type")}</th>
                  <th scope="col">{t("rates.col.description")}</th>
                  <th scope="col" className="num">
                    {t("rates.col.rate")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rates.map((r) => (
                  <tr key={r.type}>
                    <th scope="row">{r.type}</th>
                    <td>{t(RATE_TYPE_KEYS[r.type])}</td>
                    <td className="num">{rate4.format(r.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="rates-empty">{t("rates.none")}</p>
        )}
      </section>

      {schedule.length > 0 && <UnbundledSchedule schedule={schedule} tiers={tiers} label={label} />}

      <section aria-labelledby="generation-title" className="rates-section">
        <h2 id="generation-title">{t("rates.generation", { month: label })}</h2>
        {charges.length ? (
          <>
            <p className="rates-scroll-hint">{t("rates.scroll")}</p>
            <div className="table-wrap rates-generation-wrap" tabIndex={0} role="region" aria-label={t("rates.generation.region")}>
              <table className="rates-generation">
                <caption className="visually-hidden">{t("rates.generation.caption", { month: label })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("rates.col.source")}</th>
                    {GENERATION_COLUMNS.map((c) => (
                      <th scope="col" key={c.key} className="num">
                        {locale === "fil" ? c.fil : c.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {charges.map((c) => (
                    <tr key={c.source.queue} className={isTotalRow(c) ? "rates-total" : undefined}>
                      <th scope="row">{sourceName(c.source.name, locale)}</th>
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
          <p className="rates-empty">{t("rates.noCharges")}</p>
        )}
      </section>

      <section aria-labelledby="estimate-title" className="rates-section rates-estimator" id="estimate">
        <h2 id="estimate-title">{t("rates.estimate")}</h2>
        <p>{schedule.length ? t("rates.estimate.schedule", { month: label }) : t("rates.estimate.simple", { month: label })}</p>
        <Form method="get" action={`${lp("/rates")}#estimate`} className="rates-estimator__form" preventScrollReset>
          <input type="hidden" name="year" value={year} />
          <input type="hidden" name="month" value={month} />
          <Field id="kwh" label={t("rates.kwh")} error={estimate?.error}>
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
          <Field id="type" label={t("rates.serviceType")}>
            {(p) => (
              <select {...p} defaultValue={estimate?.type ?? "R"} key={`t${estimate?.type ?? "R"}`}>
                {RATE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {type} – {t(RATE_TYPE_KEYS[type])}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {schedule.length > 0 && (
            <>
              <Field id="discount" label={t("rates.discount")}>
                {(p) => (
                  <select {...p} defaultValue={estimate?.discount ?? "none"} key={`d${estimate?.discount ?? "none"}`}>
                    {Object.entries(DISCOUNTS).map(([value, key]) => (
                      <option key={value} value={value}>
                        {t(key)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field id="demand" label={t("rates.demand")} error={estimate?.demandError}>
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
              {t("rates.estimate.button")}
            </button>
          </div>
        </Form>
        {estimate?.bill && (
          <div className="rates-estimate-result notice notice--success" role="status">
            <p>
              {t("rates.estimated")}{" "}
              <output htmlFor="kwh type discount demand" className="rates-estimate-amount">
                {php(estimate.bill.total / 100)}
              </output>
            </p>
            <div className="table-wrap">
              <table className="rates-bill-lines">
                <caption className="visually-hidden">{t("rates.lines.caption")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("rates.col.charge")}</th>
                    <th scope="col">{t("rates.col.how")}</th>
                    <th scope="col" className="num">
                      Php
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {estimate.bill.lines.map((l) => (
                    <tr key={l.label}>
                      <th scope="row">
                        {l.label}
                        {l.official && <OfficialName name={l.official} />}
                      </th>
                      <td>{l.detail}</td>
                      <td className="num">{pesos(l.amount)}</td>
                    </tr>
                  ))}
                  <tr className="rates-total">
                    <th scope="row">{t("rates.total")}</th>
                    <td />
                    <td className="num">{pesos(estimate.bill.total)}</td>
                  </tr>
                </tbody>
              </table>
            </div>
            <p className="rates-estimate-detail">
              {formatNumber(Number(estimate.kwh), locale)} kWh, {estimate.type} {t(RATE_TYPE_KEYS[estimate.type])}, {label}.
              {t("rates.estimate.note")}
            </p>
          </div>
        )}
        {estimate?.result && (
          <div className="rates-estimate-result notice notice--success" role="status">
            <p>
              {t("rates.estimated")}{" "}
              <output htmlFor="kwh type" className="rates-estimate-amount">
                {php(estimate.result.amount)}
              </output>
            </p>
            <p className="rates-estimate-detail">
              {formatNumber(Number(estimate.kwh), locale)} kWh × {php(estimate.result.rate)}/kWh ({estimate.type}{" "}
              {t(RATE_TYPE_KEYS[estimate.type])}, {label}).
              {t("rates.estimate.simpleNote")}
            </p>
          </div>
        )}
      </section>

      <section aria-labelledby="history-title" className="rates-section">
        <h2 id="history-title">{t("rates.history")}</h2>
        <p>{t("rates.history.text", { month: label })}</p>
        <RateHistoryChart history={history} monthNames={monthNamesOf(locale)} />
      </section>
    </div>
  );
}

/** The month's unbundled schedule: a row per component, a column per class, the totals at the foot (the official rates above). */
function UnbundledSchedule({ schedule, tiers, label }: { schedule: ClassSchedule[]; tiers: DiscountTier[]; label: string }) {
  const lifeline = tiers.filter((t) => t.program === "lifeline");
  const senior = tiers.filter((t) => t.program === "senior");
  const t = useT(rateMessages);
  const locale = useLocale();
  return (
    <section aria-labelledby="schedule-title" className="rates-section">
      <h2 id="schedule-title">{t("rates.schedule", { month: label })}</h2>
      <p>{t("rates.schedule.text")}</p>
      <div className="table-wrap rates-generation-wrap" tabIndex={0} role="region" aria-label={t("rates.schedule.region")}>
        <table className="rates-generation rates-schedule">
          <caption className="visually-hidden">{t("rates.schedule.caption", { month: label })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("rates.col.component")}</th>
              <th scope="col">{t("rates.col.unit")}</th>
              {schedule.map((c) => (
                <th scope="col" key={c.classCode} className="num">
                  {c.classCode} {c.classCode in RATE_TYPE_KEYS ? t(RATE_TYPE_KEYS[c.classCode as RateType]) : c.classLabel}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {SCHEDULE_COMPONENTS.map((def) => (
              <tr key={def.code}>
                <th scope="row">
                  {componentLabel(def, locale)}
                  {locale !== "en" && <OfficialName name={def.label} />}
                </th>
                <td>{unitLabel(def.unit, locale)}</td>
                {schedule.map((c) => {
                  const r = c.components[def.code];
                  return (
                    <td key={c.classCode} className="num">
                      {rate4.format(r.rate)}
                      {r.vatPerUnit !== null && r.vatPerUnit !== 0 ? (
                        <span className="rates-vat"> +{formatRate(r.vatPerUnit)} VAT</span>
                      ) : r.vatPerUnit === null && r.vatPercent > 0 && r.rate !== 0 ? (
                        <span className="rates-vat"> +{r.vatPercent}% VAT</span>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
            <tr className="rates-total">
              <th scope="row">{t("rates.schedule.total")}</th>
              <td>{unitLabel("kwh", locale)}</td>
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
          {t("rates.lifeline", {
            ceiling: discountCeiling(tiers, "lifeline"),
            tiers: lifeline.map((x) => t("rates.lifeline.tier", { percent: x.percent, from: x.minKwh, to: x.maxKwh })).join(", "),
          })}
          {senior.length > 0 &&
            t("rates.senior", { tiers: senior.map((x) => t("rates.senior.tier", { percent: x.percent, to: x.maxKwh })).join(", ") })}
          {t("rates.discounts.apply")}
        </p>
      )}
    </section>
  );
}

/**
 * On a Filipino page, a charge's name as the paper bill prints it (in English), under its
 * Filipino name, so a member can find the line on the bill (docs/glossary-filipino.md).
 */
function OfficialName({ name }: { name: string }) {
  const t = useT(rateMessages);
  return (
    <span className="rates-official-name" lang="en" title={t("rates.officialName")}>
      ({name})
    </span>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);

/** The query parameters this page reads: the only ones in its server-cache key. */
export const handle = { query: ["year", "month", "kwh", "type", "discount", "demand"] };
