/**
 * /staff/members/agam: AGAM administration. The registration window (Manila date and time)
 * and the topics: create, edit, order by sequence number; locked once someone registered.
 */
import { data, Form, Link, redirect } from "react-router";
import { listTopics } from "../../../../core/agam.server";
import { getWindow, saveTopic, setWindow, topicSchema, topicsLocked } from "../../../../core/agam-admin.server";
import { now } from "../../../../core/clock";
import { formatDateTime, manilaLocalInput, toManilaLocalInput } from "../../../../core/dates";
import { ErrorSummary, FieldError } from "../../../components/ui/Field";
import { services } from "../../../context";
import { idParam, readForm } from "../content/context.server";
import { requireStaff } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import type { Route } from "./+types/agam";
import { auditMember } from "./audit.server";
import "./members.css";

export const handle: ConsoleHandle = { staff: "members.read", staffAction: "members.manage" };

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "members.read");
  const { db } = services(args.context);
  const window = await getWindow(db);
  const at = now();
  return {
    saved: new URL(args.request.url).searchParams.get("saved") ?? "",
    window: window ? { opens: toManilaLocalInput(window.opensAt), closes: toManilaLocalInput(window.closesAt) } : null,
    windowText: window
      ? `${formatDateTime(window.opensAt)} to ${formatDateTime(window.closesAt)}: ${at < window.opensAt ? "not open yet" : at >= window.closesAt ? "closed" : "open now"}`
      : "No window set: registration is open.",
    topics: await listTopics(db),
    locked: await topicsLocked(db),
  };
}

type Errors = Record<string, string>;

export async function action(args: Route.ActionArgs) {
  const me = await requireStaff(args, "members.manage");
  const { db } = services(args.context);
  const form = await readForm(args.request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "window") {
    const opens = String(form.get("opens") ?? "");
    const closes = String(form.get("closes") ?? "");
    const opensAt = manilaLocalInput(opens);
    const closesAt = manilaLocalInput(closes);
    const errors: Errors = {};
    if (!opensAt) errors.opens = "Enter when registration opens, a date and time";
    if (!closesAt) errors.closes = "Enter when registration closes, a date and time";
    else if (opensAt && closesAt <= opensAt) errors.closes = "The closing time must be after the opening time";
    if (!opensAt || !closesAt || Object.keys(errors).length)
      return data({ intent, key: "", errors, values: { opens, closes } }, { status: 422 });
    await db.transaction(async (tx) => {
      await setWindow(tx, { opensAt, closesAt });
      await auditMember(
        args,
        me,
        { action: "agam_window.changed", objectType: "agam_window", objectId: 1, after: { opensAt, closesAt } },
        tx,
      );
    });
    throw redirect(`/staff/members/agam?saved=${encodeURIComponent("Registration window saved.")}`);
  }
  if (intent === "topic") {
    const idRaw = String(form.get("id") ?? "");
    const id = idRaw ? idParam(idRaw) : null;
    const values = {
      sequenceNumber: String(form.get("sequenceNumber") ?? ""),
      topic: String(form.get("topic") ?? ""),
      description: String(form.get("description") ?? ""),
    };
    const parsed = topicSchema.safeParse(values);
    const key = id ?? "new";
    if (!parsed.success) {
      const errors: Errors = {};
      for (const issue of parsed.error.issues) errors[`${key}-${String(issue.path[0])}`] ??= issue.message;
      return data({ intent, key, errors, values }, { status: 422 });
    }
    const result = await db.transaction(async (tx) => {
      const r = await saveTopic(tx, id, parsed.data);
      if (r.ok)
        await auditMember(
          args,
          me,
          { action: id ? "agam_topic.changed" : "agam_topic.created", objectType: "agam_topic", objectId: r.id, after: parsed.data },
          tx,
        );
      return r;
    });
    if (!result.ok) {
      const message =
        result.reason === "locked"
          ? "The topics are locked: members have registered and voted on them."
          : result.reason === "sequence_taken"
            ? `Sequence number ${parsed.data.sequenceNumber} is another topic's: choose a free one.`
            : "This topic no longer exists.";
      return data({ intent, key, errors: { [`${key}-sequenceNumber`]: message }, values }, { status: 409 });
    }
    throw redirect(`/staff/members/agam?saved=${encodeURIComponent(id ? "Topic saved." : "Topic added.")}`);
  }
  return data({ intent, key: "", errors: { form: "Unknown action." } as Errors, values: {} }, { status: 400 });
}

export const meta: Route.MetaFunction = () => [{ title: "AGAM administration | WESPECO staff" }];

interface TopicValues {
  sequenceNumber: string;
  topic: string;
  description: string;
}

function TopicFields({ prefix, values, errors, disabled }: { prefix: string; values: TopicValues; errors: Errors; disabled: boolean }) {
  const f = (name: keyof TopicValues) => `${prefix}-${name}`;
  return (
    <>
      <div className={`field${errors[f("sequenceNumber")] ? " field--error" : ""}`}>
        <label className="field__label" htmlFor={f("sequenceNumber")}>
          Sequence number
        </label>
        <FieldError id={`${f("sequenceNumber")}-error`} message={errors[f("sequenceNumber")]} />
        <input
          id={f("sequenceNumber")}
          name="sequenceNumber"
          inputMode="numeric"
          size={4}
          defaultValue={values.sequenceNumber}
          disabled={disabled}
        />
      </div>
      <div className={`field${errors[f("topic")] ? " field--error" : ""}`}>
        <label className="field__label" htmlFor={f("topic")}>
          Topic
        </label>
        <FieldError id={`${f("topic")}-error`} message={errors[f("topic")]} />
        <input type="text" id={f("topic")} name="topic" defaultValue={values.topic} disabled={disabled} />
      </div>
      <div className={`field${errors[f("description")] ? " field--error" : ""}`}>
        <label className="field__label" htmlFor={f("description")}>
          Description
        </label>
        <FieldError id={`${f("description")}-error`} message={errors[f("description")]} />
        <textarea id={f("description")} name="description" rows={3} defaultValue={values.description} disabled={disabled} />
      </div>
    </>
  );
}

export default function AgamAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { saved, window, windowText, topics, locked } = loaderData;
  const errors: Errors = actionData?.errors ?? {};
  const values = (actionData?.values ?? {}) as Record<string, string>;
  const windowValues = actionData?.intent === "window" ? values : { opens: window?.opens ?? "", closes: window?.closes ?? "" };
  const topicValues = (key: string | number, fallback: TopicValues): TopicValues =>
    actionData?.intent === "topic" && String(actionData.key) === String(key)
      ? { sequenceNumber: values.sequenceNumber ?? "", topic: values.topic ?? "", description: values.description ?? "" }
      : fallback;
  return (
    <>
      <h1>AGAM administration</h1>
      {saved && (
        <p className="console-status" role="status">
          {saved}
        </p>
      )}
      {Object.keys(errors).length > 0 && <ErrorSummary errors={errors} />}
      <p className="console-actions">
        <Link className="button" to="/staff/members/agam-tally">
          Tally
        </Link>
        <Link className="button button--secondary" to="/staff/members/agam/registrations">
          Registrations
        </Link>
        <Link className="button button--secondary" to="/staff/members/agam/office">
          Register a member at the office
        </Link>
      </p>

      <section aria-labelledby="window-title">
        <h2 id="window-title">Registration window</h2>
        <p>{windowText}</p>
        <Form method="post" noValidate className="console-filters">
          <input type="hidden" name="intent" value="window" />
          <div className={`field${errors.opens ? " field--error" : ""}`}>
            <label className="field__label" htmlFor="opens">
              Opens (Philippine time)
            </label>
            <FieldError id="opens-error" message={errors.opens} />
            <input type="datetime-local" id="opens" name="opens" defaultValue={windowValues.opens} />
          </div>
          <div className={`field${errors.closes ? " field--error" : ""}`}>
            <label className="field__label" htmlFor="closes">
              Closes (Philippine time)
            </label>
            <FieldError id="closes-error" message={errors.closes} />
            <input type="datetime-local" id="closes" name="closes" defaultValue={windowValues.closes} />
          </div>
          <div className="field">
            <button type="submit" className="button">
              Save window
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="topics-title">
        <h2 id="topics-title">Topics</h2>
        {locked && <p className="notice">The topics are locked: members have registered and voted on them as they are.</p>}
        {topics.map((t) => (
          <Form key={t.id} method="post" noValidate className="member-topic" aria-label={`Topic ${t.sequenceNumber}`}>
            <input type="hidden" name="intent" value="topic" />
            <input type="hidden" name="id" value={t.id} />
            <TopicFields
              prefix={String(t.id)}
              values={topicValues(t.id, { sequenceNumber: String(t.sequenceNumber), topic: t.topic, description: t.description })}
              errors={errors}
              disabled={locked}
            />
            {!locked && (
              <button type="submit" className="button button--secondary">
                Save topic {t.sequenceNumber}
              </button>
            )}
          </Form>
        ))}
        {!locked && (
          <Form method="post" noValidate className="member-topic" aria-label="New topic">
            <h3>New topic</h3>
            <input type="hidden" name="intent" value="topic" />
            <TopicFields
              prefix="new"
              values={topicValues("new", { sequenceNumber: String((topics.at(-1)?.sequenceNumber ?? 0) + 1), topic: "", description: "" })}
              errors={errors}
              disabled={false}
            />
            <button type="submit" className="button">
              Add topic
            </button>
          </Form>
        )}
      </section>
    </>
  );
}
