/**
 * /staff/members/roll: import the member roll from CSV. Every row is checked first; the good
 * rows are added or updated in place (by account number), the others listed with the reason.
 * A file that is not a roll stores nothing.
 */
import { data, Form } from "react-router";
import { z } from "zod";
import { ROLL_COLUMNS, type RollRefusal } from "../../../../modules/members/roll";
import { importRollCsv } from "../../../../modules/members/roll.server";
import { ErrorSummary, Field } from "../../../components/ui/Field";
import { services } from "../../../context";
import { readPosted } from "../form.server";
import { requireStaff } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import { consoleMeta } from "../title";
import type { Route } from "./+types/roll";
import { auditMember } from "./audit.server";
import "./members.css";
import { RefusedRows } from "../ConsoleTable";

export const handle: ConsoleHandle = { staff: "members.manage" };

/** 100,000 members are about 10 MB of CSV. */
const MAX_CSV_BYTES = 20 * 1024 * 1024;
/** The refused rows shown on the page (the count is always whole). */
const SHOWN_REFUSALS = 500;

type Result =
  | { error: string; summary?: undefined }
  | { error?: undefined; summary: { added: number; updated: number; refusedCount: number; refused: RollRefusal[] } };

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "members.manage");
  return null;
}

export async function action(args: Route.ActionArgs) {
  const me = await requireStaff(args, "members.manage");
  const form = await readPosted(
    args.request,
    z.object({ file: z.file("Choose the roll's CSV file.").max(MAX_CSV_BYTES, "The file is larger than 20 MB: is it the roll?") }),
  );
  if (!form.ok) return data<Result>({ error: form.errors.file ?? "Choose the roll's CSV file." }, { status: 422 });
  const { file } = form.data;
  const result = await importRollCsv(services(args.context).db, await file.text(), (tx, summary) =>
    auditMember(
      args,
      me,
      {
        action: "member_roll.imported",
        objectType: "member_roll",
        after: { file: file.name, added: summary.added, updated: summary.updated, refused: summary.refused.length },
      },
      tx,
    ),
  );
  if (!result.ok) return data<Result>({ error: result.error }, { status: 422 });
  const s = result.summary;
  return data<Result>({
    summary: { added: s.added, updated: s.updated, refusedCount: s.refused.length, refused: s.refused.slice(0, SHOWN_REFUSALS) },
  });
}

export const meta: Route.MetaFunction = () => consoleMeta("Member roll");

export default function Roll({ actionData }: Route.ComponentProps) {
  const summary = actionData?.summary;
  return (
    <>
      <h1>Member roll</h1>
      <p>
        Import the cooperative's roll of member accounts as CSV, one account per line, the first line naming the columns{" "}
        <code>{ROLL_COLUMNS.join(", ")}</code>. Accounts already here are updated in place; rows with a problem are refused and listed, the
        others are stored.
      </p>
      {actionData?.error && <ErrorSummary title="Nothing was imported" errors={{ file: actionData.error }} />}
      {summary && (
        <div className="console-status" role="status">
          <p>
            <strong>Roll imported.</strong> {summary.added.toLocaleString("en-PH")} added, {summary.updated.toLocaleString("en-PH")}{" "}
            updated, {summary.refusedCount.toLocaleString("en-PH")} refused.
          </p>
        </div>
      )}
      {summary && (
        <RefusedRows
          refused={summary.refused.map((r) => ({ ...r, key: r.accountNumber }))}
          refusedCount={summary.refusedCount}
          keyColumn="Account"
          className="member-refused"
        />
      )}
      <Form method="post" encType="multipart/form-data" noValidate>
        <Field id="file" label="Roll (CSV file)" error={actionData?.error}>
          {(p) => <input {...p} type="file" accept=".csv,text/csv" />}
        </Field>
        <button type="submit" className="button">
          Check and import
        </button>
      </Form>
    </>
  );
}
