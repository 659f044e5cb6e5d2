import { data, Form, Link, redirect, useLocation } from "react-router";
import {
  activeMajorEvent,
  barangayPowerFormSchema,
  consumersFromRoll,
  declareMajorEvent,
  endMajorEvent,
  getHubStatus,
  listBarangayPower,
  majorEventFormSchema,
  setBarangayPower,
  setTownPower,
  townPowerFormSchema,
} from "../../../../modules/interruptions/restoration-hub.server";
import { isTown, TOWNS } from "../../../../modules/shared/constants";
import { formatDateTime, toManilaLocalInput } from "../../../../modules/shared/dates";
import { readForm } from "../../../../modules/shared/forms";
import { recordAudit } from "../../../../modules/staff/audit.server";
import { ErrorSummary, Field, FieldSet } from "../../../components/ui/Field";
import { services } from "../../../context";
import { pageUrl } from "../../../page-url";
import { outageSummary } from "../../report/outage-summary";
import type { FieldErrors } from "../form";
import { intentOf, postedForm } from "../form.server";
import { requireStaff, staffServices } from "../guard.server";
import { consoleMeta } from "../title";
import type { Route } from "./+types/hub";
import "./incidents.css";
import { AskFirst, ConfirmStep, confirmAsked, withoutConfirm } from "../ConfirmStep";
import { FilterForm, FilterSelect } from "../Filters";
import type { ConsoleHandle } from "../nav";

/** What the permission-matrix test checks (tests/staff/permissions.test.ts). */
export const handle: ConsoleHandle = { staff: "incidents.manage" };

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "incidents.manage");
  const url = new URL(args.request.url);
  const townParam = url.searchParams.get("town") ?? "";
  const town = isTown(townParam) ? townParam : null;
  const db = services(args.context).db;
  const [event, hub, rows, roll] = await Promise.all([
    activeMajorEvent(db),
    getHubStatus(db),
    town ? listBarangayPower(db, town) : Promise.resolve([]),
    town ? consumersFromRoll(db) : Promise.resolve(new Map<number, number>()),
  ]);
  return {
    town,
    // The public outage page's own sentence, so staff read what members read.
    summary: outageSummary(hub, "en"),
    saved: url.searchParams.get("saved"),
    event: event ? { title: event.title, message: event.message, since: formatDateTime(event.startedAt) } : null,
    rows: rows.map((r) => ({
      barangayId: r.barangayId,
      name: r.name,
      // Known in advance: the count kept on the hub, else the member roll's accounts in the barangay.
      consumers: r.consumers || roll.get(r.barangayId) || 0,
      consumersOff: r.consumersOff ?? 0,
      etr: toManilaLocalInput(r.etr),
      crews: r.crews ?? 0,
      updatedAt: r.updatedAt ? formatDateTime(r.updatedAt) : null,
    })),
  };
}

type ActionResult = { intent: string; barangayId?: number; errors: FieldErrors; values: Record<string, string> };

export async function action(args: Route.ActionArgs) {
  const me = await requireStaff(args, "incidents.manage");
  const s = services(args.context);
  const st = staffServices(args);
  const form = await postedForm(args.request);
  const intent = intentOf(form, ["declare", "end", "barangay", "town"]) ?? "";
  const audit = { actorId: me.id, actorEmail: me.email, ip: st.ip, userAgent: st.userAgent };
  const back = pageUrl(args.request);

  if (intent === "declare") {
    const event = readForm(form, majorEventFormSchema);
    if (!event.ok) return data<ActionResult>({ intent, errors: event.errors, values: event.values }, { status: 422 });
    const values = event.data;
    await s.db.transaction(async (tx) => {
      const event = await declareMajorEvent(tx, { ...values, actorId: me.id });
      await recordAudit(tx, { ...audit, action: "major_event.declared", objectType: "major_event", objectId: event.id, after: values });
    });
    await s.contentChanged("outages");
    back.searchParams.set("saved", "declared");
    return redirect(`${back.pathname}${back.search}#hub-status`, 303);
  }
  if (intent === "end") {
    await s.db.transaction(async (tx) => {
      const ended = await endMajorEvent(tx);
      if (ended) await recordAudit(tx, { ...audit, action: "major_event.ended", objectType: "major_event" });
    });
    await s.contentChanged("outages");
    back.searchParams.set("saved", "ended");
    return redirect(`${back.pathname}${back.search}#hub-status`, 303);
  }
  if (intent === "town") {
    const read = readForm(form, townPowerFormSchema);
    if (!read.ok) return data<ActionResult>({ intent, errors: read.errors, values: read.values }, { status: 422 });
    const { town, state, etr } = read.data;
    const count = await s.db.transaction(async (tx) => {
      const n = await setTownPower(tx, { town, state, etr, actorId: me.id });
      await recordAudit(tx, {
        ...audit,
        action: "barangay_power.town_updated",
        objectType: "town",
        objectId: town,
        after: { state, etr, barangays: n },
      });
      return n;
    });
    await s.contentChanged("outages");
    back.searchParams.set("town", town);
    back.searchParams.set("saved", `town-${state}-${count}`);
    // Back at the town's form, its message just above it (in view with or without JavaScript).
    return redirect(`${back.pathname}${back.search}#town-form`, 303);
  }
  if (intent === "barangay") {
    const figures = readForm(form, barangayPowerFormSchema);
    const barangayId = Number(figures.values.barangayId);
    if (!figures.ok) {
      // One form per barangay on the page: its messages are keyed by the barangay.
      const errors: FieldErrors = {};
      for (const [field, message] of Object.entries(figures.errors)) errors[`${field}-${barangayId}`] = message;
      return data<ActionResult>({ intent, barangayId, errors, values: figures.values }, { status: 422 });
    }
    const { consumers, consumersOff: off, etr, crews } = figures.data;
    await s.db.transaction(async (tx) => {
      const row = await setBarangayPower(tx, { barangayId, consumers, consumersOff: off, etr, crews, actorId: me.id });
      await recordAudit(tx, {
        ...audit,
        action: "barangay_power.updated",
        objectType: "barangay",
        objectId: barangayId,
        after: { consumers: row.consumers, consumersOff: row.consumersOff, etr: row.etr, crews: row.crews },
      });
    });
    await s.contentChanged("outages");
    back.searchParams.set("saved", String(barangayId));
    return redirect(`${back.pathname}${back.search}#b${barangayId}`, 303);
  }
  return data<ActionResult>({ intent, errors: { form: "Unknown action." }, values: {} }, { status: 400 });
}

export const meta: Route.MetaFunction = () => consoleMeta("Restoration hub");

/** The hub's address for a town (the forms post back to it, at their own anchor). */
const hubPath = (town: string | null) => `/staff/outages${town ? `?town=${encodeURIComponent(town)}` : ""}`;

export default function Hub({ loaderData: d, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const errors = result?.errors ?? {};
  const location = useLocation();
  return (
    <>
      <p>
        <Link to="/staff/incidents">Incidents</Link> · <a href="/outages">Public page</a>
      </p>
      <h1>Restoration hub</h1>
      <p className="hub-summary">
        <strong>{d.summary}</strong> The <a href="/outages">public outage page</a> says the same.
      </p>
      {result?.intent === "barangay" && (
        // A refused barangay row: without JavaScript the page opens at its top, far above the row,
        // so the summary is here, each line leading to its field.
        <ErrorSummary
          title={`The figures of ${d.rows.find((r) => r.barangayId === result.barangayId)?.name ?? "the barangay"} were not saved`}
          errors={errors}
        />
      )}
      {d.saved && !/^\d+$/.test(d.saved) && !d.saved.startsWith("town-") && (
        // The saves of the forms above land here (#hub-status), not at the form they came from.
        <p className="console-status" role="status" id="hub-status">
          {d.saved === "declared"
            ? "Major event declared: the banner shows on every page."
            : d.saved === "ended"
              ? "Major event ended: the banner is gone."
              : "Barangay figures saved."}
        </p>
      )}

      <section className="console-card" aria-labelledby="event-title">
        <h2 id="event-title">Major event</h2>
        {d.event ? (
          <>
            <p>
              <strong>{d.event.title}</strong> since {d.event.since}. {d.event.message}
            </p>
            {confirmAsked(location.search) === "end" ? (
              <ConfirmStep title="End the major event?" fields={{ intent: "end" }} confirm="Yes, end it" back={withoutConfirm(location)}>
                <p>
                  The banner leaves every page of the site at once, and the outage page goes back to its usual form. A new event can be
                  declared again later.
                </p>
              </ConfirmStep>
            ) : (
              <AskFirst ask="end">End the major event</AskFirst>
            )}
          </>
        ) : (
          // Posted to the page at this form (#declare-form): without JavaScript a refused declaration
          // opens here, its summary first, not at the top of a long page.
          <Form method="post" noValidate id="declare-form" action={`${hubPath(d.town)}#declare-form`}>
            <input type="hidden" name="intent" value="declare" />
            <ErrorSummary title="The major event was not declared" errors={result?.intent === "declare" ? errors : {}} />
            <Field
              id="title"
              label="Title"
              hint="Shown in the banner on every page, for example “Typhoon Ramon: major event”."
              error={errors.title}
            >
              {(p) => <input {...p} type="text" maxLength={120} defaultValue={result?.values.title} />}
            </Field>
            <Field id="message" label="Message (optional)" error={errors.message}>
              {(p) => <input {...p} type="text" maxLength={300} defaultValue={result?.values.message} />}
            </Field>
            <button type="submit" className="button">
              Declare a major event
            </button>
          </Form>
        )}
      </section>

      <h2>Figures per barangay</h2>
      <FilterForm label="Choose a town" button="Show barangays">
        <FilterSelect name="town" label="Town" value={d.town ?? ""} any="Choose…" options={TOWNS} />
      </FilterForm>
      {d.town && (
        <section className="console-card" aria-labelledby="town-title">
          <h3 id="town-title">All of {d.town} in one step</h3>
          <Form method="post" noValidate id="town-form" action={`${hubPath(d.town)}#town-form`}>
            <input type="hidden" name="intent" value="town" />
            <input type="hidden" name="town" value={d.town} />
            {d.saved?.startsWith("town-") && (
              <p className="console-status" role="status">
                {`${d.town}: all ${d.saved.split("-")[2]} barangays ${d.saved.split("-")[1] === "off" ? "marked without power" : "marked restored"}.`}
              </p>
            )}
            {/* Each line leads to its field: the estimate's field is town-etr on this page. */}
            <ErrorSummary
              title={`All of ${d.town} was not saved`}
              errors={result?.intent === "town" ? { state: errors.state, "town-etr": errors.etr } : {}}
            />
            <FieldSet
              id="state"
              legend={
                <>
                  The whole town <span className="field__optional">(required)</span>
                </>
              }
              error={result?.intent === "town" ? errors.state : undefined}
              className="choice-list"
            >
              <label>
                <input type="radio" name="state" value="off" defaultChecked={result?.values.state === "off"} /> Without power (all
                consumers)
              </label>
              <label>
                <input type="radio" name="state" value="restored" defaultChecked={result?.values.state === "restored"} /> Restored
              </label>
            </FieldSet>
            <Field
              id="town-etr"
              name="etr"
              label="Estimated restoration (optional)"
              error={result?.intent === "town" ? errors.etr : undefined}
            >
              {(p) => <input {...p} type="datetime-local" defaultValue={result?.values.etr} />}
            </Field>
            <button type="submit" className="button">
              Save all of {d.town}
            </button>
          </Form>
        </section>
      )}
      {d.rows.map((r) => {
        const mine = result?.intent === "barangay" && result.barangayId === r.barangayId;
        const v = (name: string, fallback: string | number) => (mine ? result!.values[name] : String(fallback));
        const e = (name: string) => (mine ? errors[`${name}-${r.barangayId}`] : undefined);
        return (
          <section key={r.barangayId} id={`b${r.barangayId}`} className="console-card" aria-labelledby={`bn${r.barangayId}`}>
            <h3 id={`bn${r.barangayId}`}>
              {r.name} {r.consumersOff > 0 ? "· without power" : "· energized"}
            </h3>
            {d.saved === String(r.barangayId) && (
              // The save lands on this row (#b<id>): its message is here, in view.
              <p className="console-status" role="status">
                {r.name}: figures saved.
              </p>
            )}
            <p className="field__hint">{r.updatedAt ? `Updated ${r.updatedAt}` : "No figures yet"}</p>
            <Form method="post" noValidate className="hub-row" aria-label={`Figures of ${r.name}`}>
              <input type="hidden" name="intent" value="barangay" />
              <input type="hidden" name="barangayId" value={r.barangayId} />
              <Field id={`consumers-${r.barangayId}`} label="Consumers" error={e("consumers")}>
                {(p) => <input {...p} name="consumers" type="text" inputMode="numeric" defaultValue={v("consumers", r.consumers)} />}
              </Field>
              <Field id={`consumersOff-${r.barangayId}`} label="Without power" error={e("consumersOff")}>
                {(p) => (
                  <input {...p} name="consumersOff" type="text" inputMode="numeric" defaultValue={v("consumersOff", r.consumersOff)} />
                )}
              </Field>
              <Field id={`crews-${r.barangayId}`} label="Crews" error={e("crews")}>
                {(p) => <input {...p} name="crews" type="text" inputMode="numeric" defaultValue={v("crews", r.crews)} />}
              </Field>
              <Field id={`etr-${r.barangayId}`} label="Estimated restoration" error={e("etr")}>
                {(p) => <input {...p} name="etr" type="datetime-local" defaultValue={v("etr", r.etr)} />}
              </Field>
              <div className="field">
                <button type="submit" className="button">
                  Save {r.name}
                </button>
              </div>
            </Form>
          </section>
        );
      })}
    </>
  );
}
