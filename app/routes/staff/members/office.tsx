/**
 * /staff/members/agam/office: a member who comes to an area office is registered by staff,
 * after checking their ID in person (no SMS code or PIN). Origin "office"; the audit log
 * names the staff member.
 */
import { data, Form, Link, redirect } from "react-router";
import { closedMessage, officeFormSchema, registrationWindowState } from "../../../../modules/agam/admin.server";
import { findMember, listTopics, register, registrationSchema } from "../../../../modules/agam/pool.server";
import { normalizeAccountNumber } from "../../../../modules/shared/account-number";
import { now } from "../../../../modules/shared/clock";
import { readForm } from "../../../../modules/shared/forms";
import { ErrorSummary, Field, FieldSet } from "../../../components/ui/Field";
import { services } from "../../../context";
import { WithNote } from "../content/PublicationFields";
import { postedForm } from "../form.server";
import { requireStaff } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import { consoleMeta } from "../title";
import type { Route } from "./+types/office";
import { auditMember } from "./audit.server";
import "./members.css";

export const handle: ConsoleHandle = { staff: "members.manage" };

export const OFFICE_ORIGIN = "office";

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "members.manage");
  const { db } = services(args.context);
  const window = await registrationWindowState(db, now());
  return {
    topics: await listTopics(db),
    closed: window.open ? null : closedMessage(window),
    saved: new URL(args.request.url).searchParams.get("saved") ?? "",
  };
}

type Values = Record<string, string>;

export async function action(args: Route.ActionArgs) {
  const me = await requireStaff(args, "members.manage");
  const { db } = services(args.context);
  const topics = await listTopics(db);
  const form = readForm(await postedForm(args.request), officeFormSchema(topics));
  const values: Values = form.values;
  const window = await registrationWindowState(db, now());
  if (!window.open) return data({ errors: { account: closedMessage(window) } as Values, values }, { status: 403 });
  const account = normalizeAccountNumber(values.account ?? "");
  const member = account ? await findMember(db, account) : undefined;
  const errors: Values = {};
  if (!member) errors.account = "Enter the account number of a member on the roll, like 01-1000-4568";
  else if (member.registered > 0) errors.account = `${member.name} is already registered`;
  if (!form.ok) Object.assign(errors, form.errors);
  if (Object.keys(errors).length) return data({ errors, values }, { status: 422 });
  const parsed = registrationSchema.safeParse({
    account,
    origin: OFFICE_ORIGIN,
    phone: values.phone ?? "",
    email: values.email ?? "",
    decisions: topics.map((t) => ({
      topicSequence: t.sequenceNumber,
      topicId: t.id,
      value: Number(values[`topic-${t.sequenceNumber}`]),
      reason: values[`reason-${t.sequenceNumber}`] ?? "",
    })),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return data({ errors, values }, { status: 422 });
  }
  const result = await register(db, parsed.data);
  if (!result.ok)
    return data(
      {
        errors: { account: result.reason === "already_registered" ? "This member is already registered" : "The registration was refused" },
        values,
      },
      { status: 409 },
    );
  await auditMember(args, me, {
    action: "agam_registration.registered_at_office",
    objectType: "agam_registration",
    objectId: result.reference,
    after: { account, origin: OFFICE_ORIGIN },
  });
  throw redirect(`/staff/members/agam/office?saved=${encodeURIComponent(`${member!.name} is registered: reference ${result.reference}.`)}`);
}

export const meta: Route.MetaFunction = () => consoleMeta("Register at the office");

export default function Office({ loaderData, actionData }: Route.ComponentProps) {
  const { topics, closed, saved } = loaderData;
  const errors: Values = actionData?.errors ?? {};
  const values: Values = actionData?.values ?? {};
  return (
    <>
      <p>
        <Link to="/staff/members/agam">← AGAM administration</Link>
      </p>
      <h1>Register a member at the office</h1>
      {saved && (
        <p className="console-status" role="status">
          {saved}
        </p>
      )}
      {closed ? (
        <p className="notice">{closed}</p>
      ) : (
        <>
          <p>Check the member's ID first. Their decisions are recorded as they tell you; the audit log records that you registered them.</p>
          {Object.keys(errors).length > 0 && <ErrorSummary errors={errors} />}
          <Form method="post" noValidate>
            <Field id="account" label="Account number" error={errors.account}>
              {(p) => <input {...p} type="text" inputMode="numeric" defaultValue={values.account ?? ""} />}
            </Field>
            <Field id="phone" label={<WithNote label="Mobile number" />} error={errors.phone}>
              {(p) => <input {...p} type="text" defaultValue={values.phone ?? ""} />}
            </Field>
            <Field id="email" label={<WithNote label="E-mail" />} error={errors.email}>
              {(p) => <input {...p} type="email" defaultValue={values.email ?? ""} />}
            </Field>
            {topics.map((t) => {
              const name = `topic-${t.sequenceNumber}`;
              const reason = `reason-${t.sequenceNumber}`;
              return (
                <FieldSet key={t.id} id={name} legend={`${t.sequenceNumber}. ${t.topic}`} error={errors[name]} className="member-topic">
                  <label>
                    <input type="radio" name={name} value="1" defaultChecked={values[name] === "1"} /> Approve
                  </label>{" "}
                  <label>
                    <input type="radio" name={name} value="0" defaultChecked={values[name] === "0"} /> Disapprove
                  </label>
                  <Field id={reason} label="Reason, when disapproving" error={errors[reason]}>
                    {(p) => <input {...p} type="text" defaultValue={values[reason] ?? ""} />}
                  </Field>
                </FieldSet>
              );
            })}
            <button type="submit" className="button">
              Register
            </button>
          </Form>
        </>
      )}
    </>
  );
}
