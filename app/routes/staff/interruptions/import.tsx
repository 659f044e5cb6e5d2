/**
 * /staff/interruptions/import: a week's schedule from a CSV file (or pasted). Every row is
 * checked first; if any is wrong nothing is stored and each bad row and column is named.
 */
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { ImportError, importInterruptionsCsv } from "../../../../modules/interruptions/editor.server";
import { IMPORT_COLUMNS, type ImportProblem } from "../../../../modules/interruptions/rules";
import { ErrorSummary, Field } from "../../../components/ui/Field";
import { contentContext } from "../content/context.server";
import { readPosted } from "../form.server";
import { requireStaff } from "../guard.server";
import { consoleMeta } from "../title";
import type { Route } from "./+types/import";
import "../content/content.css";
import { ProblemsTable } from "../ConsoleTable";
import type { ConsoleHandle } from "../nav";

export const handle: ConsoleHandle = { staff: "interruptions.manage" };

const MAX_CSV_BYTES = 512 * 1024;

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "interruptions.manage");
  return null;
}

export async function action(args: Route.ActionArgs) {
  const user = await requireStaff(args, "interruptions.manage");
  const form = await readPosted(
    args.request,
    z.object({
      file: z.file().max(MAX_CSV_BYTES, "The file is larger than 512 KB: is it the right one?").optional(),
      csv: z.string().default(""),
      // Anything but "now" keeps them as drafts.
      publish: z.enum(["now", "draft"]).catch("draft"),
    }),
  );
  const pasted = form.values.csv ?? "";
  const publish = form.values.publish === "now" ? "now" : "draft";
  if (!form.ok) return data({ error: form.errors.file, problems: [] as ImportProblem[], csv: pasted, publish }, { status: 422 });
  const csv = form.data.file ? await form.data.file.text() : pasted;
  if (!csv.trim())
    return data(
      { error: "Choose the CSV file, or paste its contents.", problems: [] as ImportProblem[], csv: pasted, publish },
      { status: 422 },
    );
  try {
    const ids = await importInterruptionsCsv(contentContext(args, user), csv, publish);
    throw redirect(
      `/staff/interruptions?saved=${encodeURIComponent(`Imported ${ids.length} interruption${ids.length === 1 ? "" : "s"}${publish === "now" ? " and published them" : " as drafts"}.`)}`,
    );
  } catch (error) {
    if (error instanceof ImportError)
      return data({ error: error.message, problems: error.problems, csv: csv.slice(0, 100_000), publish }, { status: 422 });
    throw error;
  }
}

export const meta: Route.MetaFunction = () => consoleMeta("Import interruptions");

export default function ImportInterruptions({ actionData }: Route.ComponentProps) {
  const problems = actionData?.problems ?? [];
  return (
    <>
      <p>
        <Link to="/staff/interruptions">← All interruptions</Link>
      </p>
      <h1>Import a week of interruptions</h1>
      <p>
        One interruption per row, with the columns <code>{IMPORT_COLUMNS.join(", ")}</code>. Dates as 2026-03-05, times as 08:00 (Manila).
        In
        <code> barangays</code>, names separated by semicolons, or <code>ALL</code> for the whole town.{" "}
        <a href="/staff/interruptions/import/template.csv" download>
          Download the template
        </a>
        .
      </p>
      {actionData?.error && <ErrorSummary title="Nothing was imported" errors={{ file: actionData.error }} />}
      {problems.length > 0 && <ProblemsTable caption="Problems to correct" problems={problems} />}
      <Form method="post" encType="multipart/form-data" noValidate>
        <Field id="file" label="CSV file" error={actionData?.error && !problems.length ? actionData.error : undefined}>
          {(p) => <input {...p} type="file" accept=".csv,text/csv" />}
        </Field>
        <Field id="csv" label="Or paste the rows">
          {(p) => <textarea {...p} rows={6} defaultValue={actionData?.csv ?? ""} />}
        </Field>
        <fieldset className="publication-fields">
          <legend>After import</legend>
          <div className="choice-list">
            <label>
              <input type="radio" name="publish" value="draft" defaultChecked={actionData?.publish !== "now"} /> Keep them as drafts
            </label>
            <label>
              <input type="radio" name="publish" value="now" defaultChecked={actionData?.publish === "now"} /> Publish them now
            </label>
          </div>
        </fieldset>
        <button type="submit" className="button">
          Check and import
        </button>
      </Form>
    </>
  );
}
