/**
 * /staff/interruptions/power-off: the dispatcher's emergency, in three taps on a phone.
 * Tap 1: "Power off now" (the interruptions list). Tap 2: the town. Tap 3: "Power off now in
 * <town>": the whole town from now, published and marked ongoing, the alerts going out as for
 * a planned interruption. Some barangays only, an earlier start, the estimated restoration, the
 * cause and a public note are optional, on the same page.
 */
import { data, Form, Link, redirect } from "react-router";
import { ContentValidationError } from "../../../../modules/content/context";
import {
  DEFAULT_CAUSE,
  DEFAULT_CIRCUIT,
  DEFAULT_HOURS,
  powerOffDefaults,
  powerOffFormSchema,
  powerOffNow,
} from "../../../../modules/interruptions/power-off.server";
// The defaults' words reach the page through the loader: the module is server-only.
import { isTown, TOWNS } from "../../../../modules/shared/constants";
import { formatTime } from "../../../../modules/shared/dates";
import { ErrorSummary, Field } from "../../../components/ui/Field";
import { contentContext } from "../content/context.server";
import { WithNote } from "../content/PublicationFields";
import { readPosted } from "../form.server";
import { requireStaff } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import { consoleMeta } from "../title";
import type { Route } from "./+types/power-off";
import "../content/content.css";

export const handle: ConsoleHandle = { staff: "interruptions.manage" };

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "interruptions.manage");
  const town = new URL(args.request.url).searchParams.get("town") ?? "";
  return {
    town: isTown(town) ? town : null,
    towns: TOWNS,
    defaults: powerOffDefaults(),
    words: { hours: DEFAULT_HOURS, cause: DEFAULT_CAUSE, circuit: DEFAULT_CIRCUIT },
  };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireStaff(args, "interruptions.manage");
  const form = await readPosted(args.request, powerOffFormSchema);
  if (!form.ok) return data({ errors: form.errors, values: form.values }, { status: 422 });
  try {
    await powerOffNow(contentContext(args, user), form.data);
  } catch (error) {
    if (error instanceof ContentValidationError) return data({ errors: error.fieldErrors, values: form.values }, { status: 422 });
    throw error;
  }
  const where = form.data.barangays.trim() ? `Barangays of ${form.data.town}` : `All of ${form.data.town}`;
  throw redirect(
    `/staff/interruptions?saved=${encodeURIComponent(`${where}: without power since ${formatTime(new Date())}. The public pages show it and the alerts are going out.`)}`,
  );
}

export const meta: Route.MetaFunction = () => consoleMeta("Power off now");

const Required = ({ label }: { label: string }) => <WithNote label={label} note="required" />;

export default function PowerOff({ loaderData: d, actionData }: Route.ComponentProps) {
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const v: Record<string, string | undefined> = actionData?.values ?? {};
  const town = (v.town && isTown(v.town) ? v.town : null) ?? d.town;
  return (
    <>
      <p>
        <Link to="/staff/interruptions">← All interruptions</Link>
      </p>
      <h1>Power off now</h1>
      {!town ? (
        <>
          <p>An unscheduled interruption, from now. Which town?</p>
          <ul className="power-off-towns">
            {d.towns.map((t) => (
              <li key={t}>
                <Link className="button button--secondary" to={`/staff/interruptions/power-off?town=${t}`}>
                  {t}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <Form method="post" noValidate>
          <ErrorSummary errors={errors} />
          <input type="hidden" name="town" value={town} />
          <p>
            <strong>{town}</strong>, the whole town unless you name barangays below.{" "}
            <Link to="/staff/interruptions/power-off">Another town</Link>
          </p>
          <div className="form-actions">
            <button type="submit" className="button button--danger">
              Power off now in {town}
            </button>
          </div>
          <p className="field__hint">
            Published at once and marked ongoing; subscribers of {town} are alerted. Everything below is already filled in or optional.
          </p>
          <div className="field-row">
            <Field id="date" label={<Required label="Power off since: date" />} error={errors.date}>
              {(p) => <input {...p} type="date" defaultValue={v.date ?? d.defaults.date} />}
            </Field>
            <Field id="start" label={<Required label="Time" />} error={errors.start}>
              {(p) => <input {...p} type="time" defaultValue={v.start ?? d.defaults.start} />}
            </Field>
          </div>
          <Field
            id="etr"
            label={<WithNote label="Estimated restoration" note="optional" />}
            hint={`Empty: the public page shows ${d.words.hours} hours from now until you update it.`}
            error={errors.etr}
          >
            {(p) => <input {...p} type="datetime-local" defaultValue={v.etr ?? ""} />}
          </Field>
          <Field
            id="barangays"
            label={<WithNote label="Only these barangays" note="optional; empty for the whole town" />}
            hint="Names separated by commas or one a line."
            error={errors.barangays}
          >
            {(p) => <textarea {...p} rows={2} defaultValue={v.barangays ?? ""} />}
          </Field>
          <Field
            id="cause"
            label={<WithNote label="Cause or work" note="optional" />}
            hint={`Empty: “${d.words.cause}”.`}
            error={errors.cause}
          >
            {(p) => <input {...p} type="text" maxLength={300} defaultValue={v.cause ?? ""} />}
          </Field>
          <Field
            id="circuit"
            label={<WithNote label="Circuit" note="optional" />}
            hint={`Empty: “${d.words.circuit}”.`}
            error={errors.circuit}
          >
            {(p) => <input {...p} type="text" maxLength={200} defaultValue={v.circuit ?? ""} />}
          </Field>
          <Field id="note" label={<WithNote label="Public note" note="optional, shown on the public page" />} error={errors.note}>
            {(p) => <input {...p} type="text" maxLength={500} defaultValue={v.note ?? ""} />}
          </Field>
          <button type="submit" className="button button--danger">
            Power off now in {town}
          </button>
        </Form>
      )}
    </>
  );
}
