/**
 * /staff/rates/schedule?year=&month=: one month's unbundled rate schedule, every class: the
 * rate of each component and the VAT it carries, typed as the cooperative publishes it (VAT in
 * Php per unit beside the rate, or a percent, chosen per line). The month's official rate per
 * class is the sum of these (modules/rates/schedule.ts): there is no other figure to keep in step.
 * A month without a schedule opens with the latest earlier one filled in. Every save is a
 * revision, listed and restorable at /staff/history/rate-schedule/YYYY-MM.
 */
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { listRevisions } from "../../../../modules/content/revisions.server";
import { monthLabel } from "../../../../modules/rates/model";
import {
  checkScheduleInput,
  formatRate,
  isCharged,
  SCHEDULE_COMPONENTS,
  totalPerKwh,
  UNIT_LABELS,
} from "../../../../modules/rates/schedule";
import { getSchedule, getSchedules, listRateClasses, saveSchedule } from "../../../../modules/rates/schedule.server";
import { now as clockNow } from "../../../../modules/shared/clock";
import { manilaLocalInput, toManilaLocalInput } from "../../../../modules/shared/dates";
import { Field } from "../../../components/ui/Field";
import { services } from "../../../context";
import { ConsoleTable, ProblemsTable } from "../ConsoleTable";
import { contentContext } from "../content/context.server";
import { readPosted } from "../form.server";
import { requireStaff } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import { consoleMeta } from "../title";
import type { Route } from "./+types/schedule";
import { MonthPicker, monthOf } from "./MonthPicker";
import "../content/content.css";
import "./schedule.css";

export const handle: ConsoleHandle = { staff: "rates.manage" };

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "rates.manage");
  const url = new URL(args.request.url);
  const { year, month, key } = monthOf(url);
  const db = services(args.context).db;
  const [classes, own, revisions] = await Promise.all([
    listRateClasses(db),
    getSchedule(db, year, month, { includeUnpublished: true }),
    listRevisions(db, "rate-schedule", key),
  ]);
  let schedule = own;
  let copiedFrom: string | null = null;
  if (!own.length) {
    // The latest earlier month with a schedule, as a starting point.
    const earlier = await getSchedules(
      db,
      { year: year - 2, month },
      { year: month === 1 ? year - 1 : year, month: month === 1 ? 12 : month - 1 },
      { includeUnpublished: true },
    );
    const latest = [...earlier.keys()].sort((a, b) => {
      const [ya, ma] = a.split("-").map(Number);
      const [yb, mb] = b.split("-").map(Number);
      return yb! * 12 + mb! - (ya! * 12 + ma!);
    })[0];
    if (latest) {
      schedule = earlier.get(latest)!;
      const [y, m] = latest.split("-").map(Number);
      copiedFrom = monthLabel(y!, m!);
    }
  }
  return {
    year,
    month,
    label: monthLabel(year, month),
    saved: url.searchParams.get("saved") ?? "",
    copiedFrom,
    revisions: revisions.length,
    history: revisions.length ? `/staff/history/rate-schedule/${key}` : null,
    publishAt: toManilaLocalInput(clockNow()),
    classes: classes.map((c) => {
      const s = schedule.find((x) => x.classCode === c.code);
      return {
        code: c.code,
        label: c.label,
        total: s ? totalPerKwh(s) : null,
        values: Object.fromEntries(
          SCHEDULE_COMPONENTS.map((def) => [
            def.code,
            {
              // A line not stored (nothing charged) shows empty, as it was left.
              rate: s && isCharged(s.components[def.code]) ? formatRate(s.components[def.code].rate) : "",
              vat:
                !s || !isCharged(s.components[def.code])
                  ? ""
                  : s.components[def.code].vatPerUnit !== null
                    ? formatRate(s.components[def.code].vatPerUnit!)
                    : String(s.components[def.code].vatPercent),
              vatBasis: s?.components[def.code].vatPerUnit != null ? "per-unit" : "percent",
            },
          ]),
        ),
      };
    }),
  };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireStaff(args, "rates.manage");
  const form = await readPosted(
    args.request,
    z.object({ year: z.number().catch(0), month: z.number().catch(0), publishAt: z.string().default("") }).catchall(z.string()),
  );
  const values = form.values as Record<string, string>;
  const fail = (problems: { column: string; message: string }[]) => data({ problems, grid: values }, { status: 422 });
  const year = Number(values.year);
  const month = Number(values.month);
  if (!Number.isInteger(year) || year < 2007 || year > 2100 || !Number.isInteger(month) || month < 1 || month > 12)
    return fail([{ column: "Month", message: "Choose the month and year." }]);
  const publishAt = values.publishAt ? manilaLocalInput(values.publishAt) : null;
  if (values.publishAt && !publishAt)
    return fail([{ column: "Published from", message: "Enter when the schedule becomes public, like 2026-03-01 00:00." }]);
  const classes = await listRateClasses(services(args.context).db);
  const given = classes
    .filter((c) => SCHEDULE_COMPONENTS.some((def) => (values[`${c.code}.${def.code}.rate`] ?? "").trim()))
    .map((c) => ({
      classCode: c.code,
      classLabel: c.label,
      values: Object.fromEntries(
        SCHEDULE_COMPONENTS.map((def) => [
          def.code,
          {
            rate: values[`${c.code}.${def.code}.rate`] ?? "",
            vat: values[`${c.code}.${def.code}.vat`] ?? "",
            vatBasis: values[`${c.code}.${def.code}.vatBasis`] ?? "percent",
          },
        ]),
      ),
    }));
  if (!given.length) return fail([{ column: "Schedule", message: "Enter the rates of at least one class." }]);
  const checked = checkScheduleInput(given);
  if (!checked.ok) return fail(checked.problems.map((p) => ({ column: p.line, message: p.message })));
  await saveSchedule(contentContext(args, user), year, month, checked.classes, publishAt);
  throw redirect(
    `/staff/rates/schedule?year=${year}&month=${month}&saved=${encodeURIComponent(`Saved the rate schedule of ${monthLabel(year, month)}.`)}`,
  );
}

export const meta: Route.MetaFunction = () => consoleMeta("Rate schedule");

export default function ScheduleEditor({ loaderData: d, actionData }: Route.ComponentProps) {
  const problems = actionData?.problems ?? [];
  const grid = (actionData?.grid ?? null) as Record<string, string> | null;
  const val = (name: string, fallback: string) => (grid ? (grid[name] ?? "") : fallback);
  return (
    <>
      <h1>Rate schedule: {d.label}</h1>
      {d.saved && (
        <p className="console-status" role="status">
          {d.saved}
        </p>
      )}
      {d.history && (
        <p>
          Saved {d.revisions} time{d.revisions === 1 ? "" : "s"}; every save is kept as a revision and in the audit log:{" "}
          <Link to={d.history}>see the revisions or restore one</Link>.
        </p>
      )}
      <p>
        Type each line as the cooperative publishes it: the rate, and its VAT either in pesos per unit (Php/kWh, as most schedules print the
        VAT lines) or as a percent of the line. The per-meter and per-customer charges are pesos a month. Up to 6 decimals are kept.
      </p>
      <MonthPicker year={d.year} month={d.month} />
      {d.copiedFrom && (
        <p className="console-status" role="status">
          {d.label} has no schedule yet: the form holds {d.copiedFrom}'s figures as a start. Nothing is saved until you save.
        </p>
      )}
      {problems.length > 0 && (
        <div className="error-summary" role="alert" tabIndex={-1}>
          <h2>Nothing was saved</h2>
          <ProblemsTable problems={problems} />
        </div>
      )}
      <Form method="post" noValidate>
        <input type="hidden" name="year" value={d.year} />
        <input type="hidden" name="month" value={d.month} />
        {d.classes.map((c) => (
          <section className="console-card" key={c.code}>
            <h2>
              {c.code} – {c.label}
              {c.total !== null && !d.copiedFrom ? `: ${c.total.toFixed(4)} Php/kWh in all` : ""}
            </h2>
            <ConsoleTable
              caption={`${c.label}: each component's rate and VAT`}
              hideCaption
              className="console-table--stacked schedule-grid"
              columns={["Component", "Rate", "VAT", "VAT given as"]}
            >
              {SCHEDULE_COMPONENTS.map((def) => {
                const name = `${c.code}.${def.code}`;
                const unit = UNIT_LABELS[def.unit];
                const basis = val(`${name}.vatBasis`, c.values[def.code]?.vatBasis ?? "percent");
                return (
                  <tr key={def.code}>
                    <th scope="row">{def.label}</th>
                    <td data-label={`Rate, ${unit}`}>
                      <input
                        type="text"
                        inputMode="decimal"
                        className="schedule-grid__input"
                        aria-label={`${c.label}: ${def.label}, ${unit}`}
                        name={`${name}.rate`}
                        defaultValue={val(`${name}.rate`, c.values[def.code]?.rate ?? "")}
                      />{" "}
                      <span className="schedule-grid__unit">{unit}</span>
                    </td>
                    <td data-label="VAT">
                      <input
                        type="text"
                        inputMode="decimal"
                        className="schedule-grid__input"
                        aria-label={`${c.label}: VAT on ${def.label}`}
                        name={`${name}.vat`}
                        defaultValue={val(`${name}.vat`, c.values[def.code]?.vat ?? "")}
                      />
                    </td>
                    <td data-label="VAT given as">
                      <select aria-label={`${c.label}: VAT on ${def.label} given as`} name={`${name}.vatBasis`} defaultValue={basis}>
                        <option value="per-unit">{unit}</option>
                        <option value="percent">% of the line</option>
                      </select>
                    </td>
                  </tr>
                );
              })}
            </ConsoleTable>
          </section>
        ))}
        <Field id="publishAt" label="Published from (Manila time)">
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
    </>
  );
}
