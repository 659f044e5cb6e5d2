/**
 * /staff/bills/check: the bills whose lines differ from their recomputation on the published
 * schedule of their month and class, with the line and both figures: a billing error caught
 * before members see it. To the centavo by default; a tolerance is a setting whose reason the
 * page shows beside the list, and the rounding rule is stated, so "no differences" is never read
 * without knowing what it means. Account numbers and amounts: audited as a view.
 */
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { checkToleranceInput, saveBillCheckSettings } from "../../../../modules/bills/check-settings.server";
import { MAX_TOLERANCE_CENTAVOS, ROUNDING_RULE } from "../../../../modules/bills/compute";
import { listBillDifferences } from "../../../../modules/bills/inquiry.server";
import { pesos } from "../../../../modules/bills/money";
import { formatDateTime } from "../../../../modules/shared/dates";
import { Field } from "../../../components/ui/Field";
import { services } from "../../../context";
import { ConsoleTable } from "../ConsoleTable";
import { readPosted } from "../form.server";
import { requireStaff, staffServices } from "../guard.server";
import { auditMember } from "../members/audit.server";
import type { ConsoleHandle } from "../nav";
import { consoleMeta } from "../title";
import type { Route } from "./+types/check";

export const handle: ConsoleHandle = { staff: "bills.import" };

export async function loader(args: Route.LoaderArgs) {
  const me = await requireStaff(args, "bills.import");
  const report = await listBillDifferences(services(args.context).db);
  await auditMember(args, me, { action: "bill_check.viewed", objectType: "bill_check", after: { listed: report.rows.length } });
  const url = new URL(args.request.url);
  return {
    ...report,
    settings: { ...report.settings, updatedAt: report.settings.updatedAt ? formatDateTime(report.settings.updatedAt) : null },
    saved: url.searchParams.get("saved") === "1",
  };
}

export async function action(args: Route.ActionArgs) {
  const me = await requireStaff(args, "bills.import");
  const form = await readPosted(args.request, z.object({ tolerance: z.string().default(""), reason: z.string().default("") }));
  const values = { tolerance: String(form.values.tolerance ?? ""), reason: String(form.values.reason ?? "") };
  const checked = checkToleranceInput(values.tolerance, values.reason);
  if (!checked.ok) return data({ errors: checked.errors, values }, { status: 422 });
  await saveBillCheckSettings(services(args.context).db, {
    toleranceCentavos: checked.toleranceCentavos,
    reason: checked.reason,
    actor: { id: me.id, email: me.email },
    ip: staffServices(args).ip,
  });
  throw redirect("/staff/bills/check?saved=1#bill-check-tolerance");
}

export const meta: Route.MetaFunction = () => consoleMeta("Bill check");

const centavos = (n: number) => `${n} centavo${n === 1 ? "" : "s"}`;

export default function BillCheck({ loaderData: d, actionData }: Route.ComponentProps) {
  const errors: Record<string, string> = actionData?.errors ?? {};
  const typed = actionData?.values;
  const tolerance = d.settings.toleranceCentavos;
  return (
    <>
      <p>
        <Link to="/staff/bills">Bills and payments</Link>
      </p>
      <h1>Bill check</h1>
      <p>
        Every imported bill is recomputed from the published rate schedule of its month and class (kWh × rate, the per-meter and
        per-customer charges, VAT, the lifeline and senior citizen discounts) and compared line by line{" "}
        {tolerance === 0 ? <strong>to the centavo</strong> : <strong>allowing {centavos(tolerance)} per line</strong>}.
      </p>
      <p>
        <strong>Rounding rule:</strong> {ROUNDING_RULE}
      </p>
      {tolerance > 0 && (
        <p className="notice" role="note">
          Lines up to {centavos(tolerance)} off are not listed. Why: {d.settings.reason}
          {d.settings.updatedAt ? ` (set ${d.settings.updatedAt})` : ""}.
        </p>
      )}
      <p>
        {d.total === 0
          ? "No bill has a line that differs."
          : `${d.total.toLocaleString("en-PH")} ${d.total === 1 ? "bill has a line" : "bills have lines"} that differ${
              d.total > d.rows.length ? `; the first ${d.rows.length} are shown` : ""
            }.`}
        {d.unchecked > 0 && (
          <> {d.unchecked.toLocaleString("en-PH")} bills could not be checked: no schedule was published for their month and class.</>
        )}
      </p>
      {d.rows.length > 0 && (
        <ConsoleTable
          caption="Bills that differ from the schedule"
          className="console-table--stacked"
          columns={["Bill", "Account", "Month, class", "kWh", "Line", "Billed", "Recomputed", "Difference"]}
        >
          {d.rows.flatMap((b) =>
            b.differences.map((x) => (
              <tr key={`${b.billNumber}-${x.line}`}>
                <td data-label="Bill">{b.billNumber}</td>
                <td data-label="Account">{b.accountNumber}</td>
                <td data-label="Month, class">{`${b.billingYear}-${String(b.billingMonth).padStart(2, "0")} ${b.rateClass}`}</td>
                <td data-label="kWh">{Number(b.kwh).toLocaleString("en-PH")}</td>
                <td data-label="Line">{x.label}</td>
                <td data-label="Billed" className="num">
                  {pesos(x.billed)}
                </td>
                <td data-label="Recomputed" className="num">
                  {pesos(x.computed)}
                </td>
                <td data-label="Difference" className="num">
                  {`${x.billed > x.computed ? "+" : ""}${pesos(x.billed - x.computed)}`}
                </td>
              </tr>
            )),
          )}
        </ConsoleTable>
      )}
      <section id="bill-check-tolerance" className="console-card" aria-labelledby="tolerance-title">
        <h2 id="tolerance-title">Tolerance</h2>
        {d.saved && !actionData && (
          <p className="console-status" role="status">
            Saved: {tolerance === 0 ? "every line is compared to the centavo." : `lines up to ${centavos(tolerance)} off are let through.`}
          </p>
        )}
        {Object.keys(errors).length > 0 && (
          <div className="error-summary" role="alert">
            <h3>Nothing was saved</h3>
            <ul>
              {Object.entries(errors).map(([field, message]) => (
                <li key={field}>
                  <a href={`#${field}`}>{message}</a>
                </li>
              ))}
            </ul>
          </div>
        )}
        <p>
          Leave it at 0 unless the billing system is known to round differently; a difference of one centavo is then listed like any other.
        </p>
        <Form method="post" action="/staff/bills/check" noValidate>
          <Field
            id="tolerance"
            label="Centavos a line may differ before it is listed"
            hint={`A whole number from 0 to ${MAX_TOLERANCE_CENTAVOS}.`}
            error={errors.tolerance}
          >
            {(p) => <input {...p} type="text" inputMode="numeric" size={4} defaultValue={typed?.tolerance ?? String(tolerance)} />}
          </Field>
          <Field id="reason" label="Why (shown on this page; needed above 0)" error={errors.reason}>
            {(p) => <textarea {...p} rows={2} defaultValue={typed?.reason ?? d.settings.reason} />}
          </Field>
          <button type="submit" className="button">
            Save the tolerance
          </button>
        </Form>
      </section>
    </>
  );
}
