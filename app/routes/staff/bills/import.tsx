/**
 * /staff/bills: import a bill file or a payment file exported by the billing system
 * (their formats: the help page /staff/help/bill-files). Every row is checked first; good rows are stored, the others listed
 * with their line and reason; a file that is not a bill or payment file stores nothing.
 */
import { data, Form, Link } from "react-router";
import { z } from "zod";
import { BILL_FILE_LIMIT, type Refusal } from "../../../../modules/bills/files";
import { auditSummary, type ImportSummary, importFile } from "../../../../modules/bills/import.server";
import { helpPath } from "../../../../modules/help/topics";
import { ErrorSummary, Field } from "../../../components/ui/Field";
import { services } from "../../../context";
import { RefusedRows } from "../ConsoleTable";
import { readPosted } from "../form.server";
import { requireStaff } from "../guard.server";
import { auditMember } from "../members/audit.server";
import type { ConsoleHandle } from "../nav";
import { consoleMeta } from "../title";
import type { Route } from "./+types/import";

export const handle: ConsoleHandle = { staff: "bills.import" };

const SHOWN_REFUSALS = 500;

type Result =
  | { error: string; kind?: string; summary?: undefined }
  | { error?: undefined; kind?: undefined; summary: Omit<ImportSummary, "refused"> & { refusedCount: number; refused: Refusal[] } };

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "bills.import");
  return null;
}

export async function action(args: Route.ActionArgs) {
  const me = await requireStaff(args, "bills.import");
  const form = await readPosted(
    args.request,
    z.object({
      kind: z.enum(["bills", "payments"], "Choose whether this is a bill file or a payment file."),
      file: z.file("Choose the CSV file.").max(BILL_FILE_LIMIT, "The file is larger than 64 MB: split it by cycle."),
    }),
  );
  if (!form.ok)
    return data<Result>({ error: form.errors.file ?? form.errors.kind ?? "Choose the CSV file.", kind: form.values.kind }, { status: 422 });
  const { kind, file } = form.data;
  const result = await importFile(services(args.context).db, kind, await file.text(), (tx, summary) =>
    auditMember(
      args,
      me,
      { action: `${kind === "bills" ? "bills" : "payments"}.imported`, objectType: "bill_import", after: auditSummary(summary, file.name) },
      tx,
    ),
  );
  if (!result.ok) return data<Result>({ error: result.error, kind }, { status: 422 });
  const { refused, ...rest } = result.summary;
  return data<Result>({ summary: { ...rest, refusedCount: refused.length, refused: refused.slice(0, SHOWN_REFUSALS) } });
}

export const meta: Route.MetaFunction = () => consoleMeta("Bills and payments");

const n = (x: number) => x.toLocaleString("en-PH");

export default function BillImport({ actionData }: Route.ComponentProps) {
  const summary = actionData?.summary;
  const kind = summary?.kind ?? actionData?.kind;
  return (
    <>
      <h1>Bills and payments</h1>
      <p>
        Import the files the billing system exports each cycle: one bill or one payment per line, the first line naming the columns (
        <Link to={helpPath("bill-files")}>the file formats, with a template of each</Link>). The same file twice changes nothing; a bill
        sent again with other figures replaces the earlier one, which is kept as a revision.{" "}
        <Link to="/staff/bills/check">The bill check</Link> lists the bills whose lines differ from the published rate schedule.
      </p>
      {actionData?.error && <ErrorSummary title="Nothing was imported" errors={{ file: actionData.error }} />}
      {summary && (
        <div className="console-status" role="status">
          <p>
            <strong>{summary.kind === "bills" ? "Bills imported." : "Payments imported."}</strong> {n(summary.added)} added,{" "}
            {n(summary.replaced)} corrected, {n(summary.unchanged)} unchanged, {n(summary.refusedCount)} refused.
            {summary.kind === "bills" && (
              <>
                {" "}
                {summary.withDifferences === 1 ? "1 bill differs" : `${n(summary.withDifferences)} bills differ`} from the rate schedule.
              </>
            )}
            {summary.kind === "payments" && (
              <>
                {" "}
                {n(summary.posted)} online payments posted (<Link to="/staff/bills/payments">Online payments</Link>).
              </>
            )}
          </p>
        </div>
      )}
      {summary && (
        <RefusedRows
          refused={summary.refused}
          refusedCount={summary.refusedCount}
          keyColumn={summary.kind === "bills" ? "Bill number" : "OR number"}
        />
      )}
      <Form method="post" encType="multipart/form-data" noValidate>
        <fieldset className="field">
          <legend>What the file holds</legend>
          <label>
            <input type="radio" name="kind" value="bills" defaultChecked={kind !== "payments"} /> Bills
          </label>{" "}
          <label>
            <input type="radio" name="kind" value="payments" defaultChecked={kind === "payments"} /> Payments
          </label>
        </fieldset>
        <Field id="file" label="File (CSV)" error={actionData?.error}>
          {(p) => <input {...p} type="file" accept=".csv,text/csv" />}
        </Field>
        <button type="submit" className="button">
          Check and import
        </button>
      </Form>
    </>
  );
}
