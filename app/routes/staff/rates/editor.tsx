/**
 * /staff/rates?year=&month=: one month's official rates and generation charges, in a grid or
 * from a CSV laid out like the public rates.csv; published from a chosen time (Manila).
 * Every figure is checked first; a mismatch is refused with the figures and nothing is stored.
 */
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { ContentValidationError } from "../../../../modules/content/context";
import { listRevisions } from "../../../../modules/content/revisions.server";
import {
  type GenerationKey,
  parseRatesCsv,
  type RatesInput,
  type RatesProblem,
  RatesRefused,
  saveRates,
} from "../../../../modules/rates/editor.server";
import { GENERATION_COLUMNS, monthLabel } from "../../../../modules/rates/model";
import { getOfficialRates, listGenerationCharges } from "../../../../modules/rates/queries.server";
import { getSchedule } from "../../../../modules/rates/schedule.server";
import { now as clockNow } from "../../../../modules/shared/clock";
import { RATE_TYPE_LABELS, RATE_TYPES } from "../../../../modules/shared/constants";
import { manilaLocalInput, toManilaLocalInput } from "../../../../modules/shared/dates";
import { services } from "../../../context";
import { contentContext } from "../content/context.server";
import { readPosted } from "../form.server";
import { requireStaff } from "../guard.server";
import { consoleMeta } from "../title";
import type { Route } from "./+types/editor";
import "../content/content.css";
import { Field } from "../../../components/ui/Field";
import { ConsoleTable, ProblemsTable } from "../ConsoleTable";
import type { ConsoleHandle } from "../nav";
import { MonthPicker, monthOf } from "./MonthPicker";

export const handle: ConsoleHandle = { staff: "rates.manage" };

const BLANK_ROWS = 3;

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "rates.manage");
  const url = new URL(args.request.url);
  const { year, month, key } = monthOf(url);
  const db = services(args.context).db;
  const [rates, charges, revisions, schedule] = await Promise.all([
    getOfficialRates(db, year, month, { includeUnpublished: true }),
    listGenerationCharges(db, year, month, { includeUnpublished: true }),
    listRevisions(db, "rates", key),
    getSchedule(db, year, month, { includeUnpublished: true }),
  ]);
  const sources = charges.filter((c) => c.source.queue !== 100);
  return {
    year,
    month,
    label: monthLabel(year, month),
    /** With an unbundled schedule, the month's official rates are its sums: the grid's rates are not used. */
    hasSchedule: schedule.length > 0,
    /** The month's revisions page, where an earlier one can be restored; null before the first save. */
    history: revisions.length ? `/staff/history/rates/${key}` : null,
    saved: url.searchParams.get("saved") ?? "",
    publishAt: toManilaLocalInput(clockNow()),
    rates: Object.fromEntries(RATE_TYPES.map((t) => [t, String(rates.find((r) => r.type === t)?.amount ?? "")])) as Record<string, string>,
    rows: [
      ...sources.map((c) => ({
        name: c.source.name,
        queue: String(c.source.queue),
        values: Object.fromEntries(GENERATION_COLUMNS.map((col) => [col.key, String(c[col.key])])) as Record<string, string>,
      })),
      ...Array.from({ length: BLANK_ROWS }, () => ({ name: "", queue: "", values: {} as Record<string, string> })),
    ],
  };
}

function fromGrid(form: Record<string, string>): RatesInput {
  const text = (k: string) => form[k] ?? "";
  const input: RatesInput = { rates: RATE_TYPES.map((t) => ({ type: t, amount: text(`rate-${t}`) })), charges: [] };
  for (let i = 0; i < 60; i++) {
    const name = text(`g${i}-name`);
    const queue = text(`g${i}-queue`);
    const values = Object.fromEntries(GENERATION_COLUMNS.map((c) => [c.key, text(`g${i}-${c.key}`)])) as Record<GenerationKey, string>;
    if (!(`g${i}-name` in form)) break;
    if (!name.trim() && !queue.trim() && Object.values(values).every((v) => !v.trim())) continue;
    input.charges.push({ name, queue, values, row: i + 1 });
  }
  return input;
}

export async function action(args: Route.ActionArgs) {
  const user = await requireStaff(args, "rates.manage");
  const form = await readPosted(
    args.request,
    z
      .object({
        // The month is checked where the rates are saved ("Choose the month and year.").
        year: z.number().catch(0),
        month: z.number().catch(0),
        source: z.enum(["grid", "csv"]).catch("grid"),
        publishAt: z.string().default(""),
        // A file over 512 KB counts as none: the message says the limit.
        file: z
          .file()
          .max(512 * 1024)
          .optional()
          .catch(undefined),
      })
      // The grid's cells: rate-<type>, g<row>-name, g<row>-queue, g<row>-<column>.
      .catchall(z.string()),
  );
  const source = form.values.source === "csv" ? "csv" : "grid";
  const fail = (problems: RatesProblem[]) => data({ problems, source, grid: source === "grid" ? form.values : null }, { status: 422 });
  if (!form.ok) return fail(Object.values(form.errors).map((message) => ({ column: "Form", message })));
  const { year, month, publishAt: publishAtText, file } = form.data;
  const publishAt = publishAtText ? manilaLocalInput(publishAtText) : null;
  if (publishAtText && !publishAt)
    return fail([{ column: "Published from", message: "Enter when the month's rates become public, like 2026-03-01 00:00." }]);
  let input: RatesInput;
  try {
    if (source === "csv") {
      const text = file ? await file.text() : "";
      if (!text.trim())
        return fail([{ column: "CSV file", message: "Choose the CSV file (at most 512 KB), laid out like the public rates.csv." }]);
      input = parseRatesCsv(text);
    } else input = fromGrid(form.values);
    await saveRates(contentContext(args, user), year, month, input, publishAt, source);
  } catch (error) {
    if (error instanceof RatesRefused) return fail(error.problems);
    if (error instanceof ContentValidationError)
      return fail(Object.values(error.fieldErrors).map((message) => ({ column: "Month", message })));
    throw error;
  }
  throw redirect(`/staff/rates?year=${year}&month=${month}&saved=${encodeURIComponent(`Saved the rates of ${monthLabel(year, month)}.`)}`);
}

export const meta: Route.MetaFunction = () => consoleMeta("Rates");

export default function RatesEditor({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const problems = actionData?.problems ?? [];
  const grid = (actionData?.grid ?? null) as Record<string, string> | null;
  const val = (name: string, fallback: string) => (grid ? (grid[name] ?? "") : fallback);
  return (
    <>
      <h1>Rates: {d.label}</h1>
      {d.saved && (
        <p className="console-status" role="status">
          {d.saved}
        </p>
      )}
      {d.history && (
        <p>
          <Link to={d.history}>Revisions of {d.label}</Link> (see what changed, restore an earlier one)
        </p>
      )}
      {d.hasSchedule && (
        <p className="console-status" role="status">
          {d.label} has an unbundled rate schedule: its official rates (R, LV, HV) are the sums of its parts. Change them in the{" "}
          <Link to={`/staff/rates/schedule?year=${d.year}&month=${d.month}`}>rate schedule</Link>; the rates entered below are not used
          while it exists.
        </p>
      )}
      <MonthPicker year={d.year} month={d.month} />
      {problems.length > 0 && (
        <div className="error-summary" role="alert" tabIndex={-1}>
          <h2>Nothing was saved</h2>
          <ProblemsTable problems={problems} />
        </div>
      )}
      <section className="console-card">
        <h2>Import a CSV</h2>
        <p>
          Laid out like the public <a href={`/rates.csv?year=${d.year}&month=${d.month}`}>rates.csv</a> (download it as a template). The
          total row (queue 100) is checked, or computed when left out.
        </p>
        <Form method="post" encType="multipart/form-data" noValidate>
          <input type="hidden" name="source" value="csv" />
          <input type="hidden" name="year" value={d.year} />
          <input type="hidden" name="month" value={d.month} />
          <div className="field-row">
            <Field id="file" label="CSV file">
              {(p) => <input {...p} type="file" accept=".csv,text/csv" />}
            </Field>
            <Field id="csv-publishAt" name="publishAt" label="Published from (Manila time)">
              {(p) => <input {...p} type="datetime-local" defaultValue={d.publishAt} />}
            </Field>
          </div>
          <button type="submit" className="button">
            Check and import
          </button>
        </Form>
      </section>
      <section className="console-card">
        <h2>Or enter them here</h2>
        <Form method="post" noValidate>
          <input type="hidden" name="source" value="grid" />
          <input type="hidden" name="year" value={d.year} />
          <input type="hidden" name="month" value={d.month} />
          <div className="field-row">
            {RATE_TYPES.map((t) => (
              <Field key={t} id={`rate-${t}`} label={`${t} (${RATE_TYPE_LABELS[t]}), Php/kWh`}>
                {(p) => <input {...p} type="text" inputMode="decimal" defaultValue={val(`rate-${t}`, d.rates[t] ?? "")} />}
              </Field>
            ))}
          </div>
          <ConsoleTable
            stack
            caption="Breakdown of generation charge (leave the total row out to have it computed)"
            columns={["Power source", "Queue", ...GENERATION_COLUMNS.map((c) => c.label)]}
          >
            {d.rows.map((r, i) => (
              <tr key={i}>
                <td>
                  <input
                    type="text"
                    aria-label={`Row ${i + 1} power source`}
                    name={`g${i}-name`}
                    defaultValue={val(`g${i}-name`, r.name)}
                  />
                </td>
                <td>
                  <input
                    type="text"
                    inputMode="numeric"
                    size={3}
                    aria-label={`Row ${i + 1} queue`}
                    name={`g${i}-queue`}
                    defaultValue={val(`g${i}-queue`, r.queue)}
                  />
                </td>
                {GENERATION_COLUMNS.map((c) => (
                  <td key={c.key}>
                    <input
                      type="text"
                      inputMode="decimal"
                      size={10}
                      aria-label={`Row ${i + 1} ${c.label}`}
                      name={`g${i}-${c.key}`}
                      defaultValue={val(`g${i}-${c.key}`, r.values[c.key] ?? "")}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </ConsoleTable>
          <Field id="grid-publishAt" name="publishAt" label="Published from (Manila time)">
            {(p) => <input {...p} type="datetime-local" defaultValue={val("publishAt", d.publishAt)} />}
          </Field>
          <div className="form-actions">
            <button type="submit" className="button">
              Check and save
            </button>
            <Link className="button button--secondary" to={`/rates?year=${d.year}&month=${d.month}`}>
              See the public page
            </Link>
          </div>
        </Form>
      </section>
    </>
  );
}
