/**
 * /staff/members/agam: AGAM administration. The registration window (Manila date and time)
 * and the topics: create, edit, order by sequence number; locked once someone registered.
 */
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import {
  AGAM_SETTINGS_AREA,
  getWindow,
  saveTopic,
  setWindow,
  topicSchema,
  topicsLocked,
  windowSchema,
} from "../../../../modules/agam/admin.server";
import { listTopics } from "../../../../modules/agam/pool.server";
import { lockedAgamAccounts, unlockAgamFactor } from "../../../../modules/agam/second-factor.server";
import { announceContentChange } from "../../../../modules/content/context";
import { now } from "../../../../modules/shared/clock";
import { formatDateTime, toManilaLocalInput } from "../../../../modules/shared/dates";
import { readForm } from "../../../../modules/shared/forms";
import { ErrorSummary, Field } from "../../../components/ui/Field";
import { services } from "../../../context";
import { idParam } from "../content/context.server";
import { intentOf, postedForm } from "../form.server";
import { requireStaff } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import { consoleMeta } from "../title";
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
    lockedAccounts: (await lockedAgamAccounts(db)).map((a) => ({ account: a.account, since: formatDateTime(a.lockedAt) })),
  };
}

type Errors = Record<string, string>;

export async function action(args: Route.ActionArgs) {
  const me = await requireStaff(args, "members.manage");
  const s = services(args.context);
  const { db } = s;
  const form = await postedForm(args.request);
  const intent = intentOf(form, ["window", "topic", "unlock-factor"]);
  if (intent === "unlock-factor") {
    const account = String(form.get("account") ?? "");
    const was = await unlockAgamFactor(db, account);
    await auditMember(args, me, {
      action: "agam.factor_unlocked",
      objectType: "agam_account",
      objectId: account,
      after: { wasLocked: was },
    });
    throw redirect(
      `/staff/members/agam?saved=${encodeURIComponent(was ? `Account ${account}: code and PIN unlocked.` : `Account ${account} was not locked.`)}`,
    );
  }
  if (intent === "window") {
    const window = readForm(form, windowSchema);
    if (!window.ok) return data({ intent, key: "", errors: window.errors as Errors, values: window.values }, { status: 422 });
    const { opens: opensAt, closes: closesAt } = window.data;
    await db.transaction(async (tx) => {
      await setWindow(tx, { opensAt, closesAt });
      await auditMember(
        args,
        me,
        { action: "agam_window.changed", objectType: "agam_window", objectId: 1, after: { opensAt, closesAt } },
        tx,
      );
    });
    await announceContentChange(s, AGAM_SETTINGS_AREA);
    throw redirect(`/staff/members/agam?saved=${encodeURIComponent("Registration window saved.")}`);
  }
  if (intent === "topic") {
    const topic = readForm(form, topicSchema.extend({ id: z.string().default("") }));
    const id = topic.values.id ? idParam(topic.values.id) : null;
    const key = id ?? "new";
    const values = topic.values;
    if (!topic.ok) {
      // One form per topic on the page: its messages are keyed by the topic.
      const errors: Errors = {};
      for (const [field, message] of Object.entries(topic.errors)) errors[`${key}-${field}`] = message;
      return data({ intent, key, errors, values }, { status: 422 });
    }
    const { id: _, ...parsed } = topic.data;
    const result = await db.transaction(async (tx) => {
      const r = await saveTopic(tx, id, parsed);
      if (r.ok)
        await auditMember(
          args,
          me,
          { action: id ? "agam_topic.changed" : "agam_topic.created", objectType: "agam_topic", objectId: r.id, after: parsed },
          tx,
        );
      return r;
    });
    if (!result.ok) {
      const message =
        result.reason === "locked"
          ? "The topics are locked: members have registered and voted on them."
          : result.reason === "sequence_taken"
            ? `Sequence number ${parsed.sequenceNumber} is another topic's: choose a free one.`
            : "This topic no longer exists.";
      return data({ intent, key, errors: { [`${key}-sequenceNumber`]: message }, values }, { status: 409 });
    }
    await announceContentChange(s, AGAM_SETTINGS_AREA);
    throw redirect(`/staff/members/agam?saved=${encodeURIComponent(id ? "Topic saved." : "Topic added.")}`);
  }
  return data({ intent: "", key: "", errors: { form: "Unknown action." } as Errors, values: {} }, { status: 400 });
}

export const meta: Route.MetaFunction = () => consoleMeta("AGAM administration");

interface TopicValues {
  sequenceNumber: string;
  topic: string;
  description: string;
}

function TopicFields({ prefix, values, errors, disabled }: { prefix: string; values: TopicValues; errors: Errors; disabled: boolean }) {
  const f = (name: keyof TopicValues) => `${prefix}-${name}`;
  return (
    <>
      <Field id={f("sequenceNumber")} name="sequenceNumber" label="Sequence number" error={errors[f("sequenceNumber")]}>
        {(p) => <input {...p} inputMode="numeric" size={4} defaultValue={values.sequenceNumber} disabled={disabled} />}
      </Field>
      <Field id={f("topic")} name="topic" label="Topic" error={errors[f("topic")]}>
        {(p) => <input {...p} type="text" defaultValue={values.topic} disabled={disabled} />}
      </Field>
      <Field id={f("description")} name="description" label="Description" error={errors[f("description")]}>
        {(p) => <textarea {...p} rows={3} defaultValue={values.description} disabled={disabled} />}
      </Field>
    </>
  );
}

export default function AgamAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { saved, window, windowText, topics, locked, lockedAccounts } = loaderData;
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

      {lockedAccounts.length > 0 && (
        <section aria-labelledby="factor-locks">
          <h2 id="factor-locks">Accounts locked after 100 wrong codes or PINs</h2>
          <p>
            Their member was told by e-mail or text to call an area office. Unlock an account once you have checked, by ID or by a call to
            the number on the roll, that the member is the one asking.
          </p>
          <ul>
            {lockedAccounts.map((a) => (
              <li key={a.account}>
                <Form method="post" className="console-actions">
                  <input type="hidden" name="intent" value="unlock-factor" />
                  <input type="hidden" name="account" value={a.account} />
                  {a.account}, locked since {a.since}{" "}
                  <button type="submit" className="button button--secondary">
                    Unlock {a.account}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="window-title">
        <h2 id="window-title">Registration window</h2>
        <p>{windowText}</p>
        <Form method="post" noValidate className="console-filters">
          <input type="hidden" name="intent" value="window" />
          <Field id="opens" label="Opens (Philippine time)" error={errors.opens}>
            {(p) => <input {...p} type="datetime-local" defaultValue={windowValues.opens} />}
          </Field>
          <Field id="closes" label="Closes (Philippine time)" error={errors.closes}>
            {(p) => <input {...p} type="datetime-local" defaultValue={windowValues.closes} />}
          </Field>
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
