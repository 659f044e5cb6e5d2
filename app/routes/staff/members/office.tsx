/**
 * /staff/members/agam/office: a member who comes to an area office is registered by staff,
 * after checking their ID in person (no SMS code or PIN). Origin "office"; the audit log
 * names the staff member.
 */
import { data, Form, Link, redirect } from "react-router";
import { findMember, listTopics, register, registrationSchema } from "../../../../core/agam.server";
import { closedMessage, registrationWindowState } from "../../../../core/agam-admin.server";
import { normalizeAccountNumber } from "../../../../core/agam-rules";
import { now } from "../../../../core/clock";
import { ErrorSummary, FieldError } from "../../../components/ui/Field";
import { services } from "../../../context";
import { readForm } from "../content/context.server";
import { requireStaff } from "../guard.server";
import type { ConsoleHandle } from "../nav";
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
  const form = await readForm(args.request);
  const values: Values = {};
  for (const [k, v] of form.entries()) if (typeof v === "string") values[k] = v;
  const window = await registrationWindowState(db, now());
  if (!window.open) return data({ errors: { account: closedMessage(window) } as Values, values }, { status: 403 });
  const topics = await listTopics(db);
  const account = normalizeAccountNumber(values.account ?? "");
  const errors: Values = {};
  const member = /^\d{2}-\d{4}-\d{4}$/.test(account) ? await findMember(db, account) : undefined;
  if (!member) errors.account = "Enter the account number of a member on the roll, like 01-1000-4568";
  else if (member.registered > 0) errors.account = `${member.name} is already registered`;
  for (const t of topics) {
    const v = values[`topic-${t.sequenceNumber}`];
    if (v !== "1" && v !== "0") errors[`topic-${t.sequenceNumber}`] = `Choose approve or disapprove for topic ${t.sequenceNumber}`;
    else if (v === "0" && !(values[`reason-${t.sequenceNumber}`] ?? "").trim())
      errors[`reason-${t.sequenceNumber}`] = `Write the member's reason for disapproving topic ${t.sequenceNumber}`;
  }
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

export const meta: Route.MetaFunction = () => [{ title: "Register at the office | WESPECO staff" }];

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
            <div className={`field${errors.account ? " field--error" : ""}`}>
              <label className="field__label" htmlFor="account">
                Account number
              </label>
              <FieldError id="account-error" message={errors.account} />
              <input type="text" id="account" name="account" inputMode="numeric" defaultValue={values.account ?? ""} />
            </div>
            <div className="field">
              <label className="field__label" htmlFor="phone">
                Mobile number (optional)
              </label>
              <input type="text" id="phone" name="phone" defaultValue={values.phone ?? ""} />
            </div>
            <div className={`field${errors.email ? " field--error" : ""}`}>
              <label className="field__label" htmlFor="email">
                E-mail (optional)
              </label>
              <FieldError id="email-error" message={errors.email} />
              <input type="email" id="email" name="email" defaultValue={values.email ?? ""} />
            </div>
            {topics.map((t) => {
              const name = `topic-${t.sequenceNumber}`;
              return (
                <fieldset key={t.id} className={`member-topic${errors[name] ? " field--error" : ""}`}>
                  <legend>
                    {t.sequenceNumber}. {t.topic}
                  </legend>
                  <FieldError id={`${name}-error`} message={errors[name]} />
                  <label>
                    <input type="radio" id={name} name={name} value="1" defaultChecked={values[name] === "1"} /> Approve
                  </label>{" "}
                  <label>
                    <input type="radio" name={name} value="0" defaultChecked={values[name] === "0"} /> Disapprove
                  </label>
                  <div className={`field${errors[`reason-${t.sequenceNumber}`] ? " field--error" : ""}`}>
                    <label className="field__label" htmlFor={`reason-${t.sequenceNumber}`}>
                      Reason, when disapproving
                    </label>
                    <FieldError id={`reason-${t.sequenceNumber}-error`} message={errors[`reason-${t.sequenceNumber}`]} />
                    <input
                      type="text"
                      id={`reason-${t.sequenceNumber}`}
                      name={`reason-${t.sequenceNumber}`}
                      defaultValue={values[`reason-${t.sequenceNumber}`] ?? ""}
                    />
                  </div>
                </fieldset>
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
