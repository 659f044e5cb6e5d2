import { data, Form, redirectDocument, useNavigation } from "react-router";
import {
  CIVIL_STATUSES,
  CONNECTION_CHECKLIST,
  CONNECTION_FIELDS,
  type ConnectionFormValues,
  EDUCATIONAL_ATTAINMENTS,
  GENDERS,
} from "../../../modules/members/connection-options";
import { connectionSchema, createPreregistration } from "../../../modules/members/connections.server";
import { createPrivateLink } from "../../../modules/privacy/private-links.server";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { type FieldErrors, failureInit, loggableError } from "../../../modules/shared/errors";
import { readForm } from "../../../modules/shared/forms";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { ErrorSummary, Field, FieldSet, useFocusOnAnswer } from "../../components/ui/Field";
import { services } from "../../context";
import type { Route } from "./+types/new-service-connection";
import "./service.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = () => [
  { title: `New Service Connection | ${COOPERATIVE.shortName}` },
  {
    name: "description",
    content: `Pre-register for a new electric service connection with ${COOPERATIVE.shortName}: your member profile and the documents to bring to the office.`,
  },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

type ActionResult = { errors: FieldErrors; values: ConnectionFormValues; failed?: boolean };

export async function action({ request, context }: Route.ActionArgs) {
  const { db, log, databaseFailed } = services(context);
  const form = readForm(await request.formData(), connectionSchema());
  if (!form.ok) return data<ActionResult>({ errors: form.errors, values: form.values }, { status: 422 });
  try {
    const { reference } = await createPreregistration(db, form.data);
    // The summary's address is a random token, not the (guessable) reference: shown once, here.
    // It has no React: it loads as a document (at its top, its print button set up), as without JavaScript.
    return redirectDocument(`/service/new-service-connection/${await createPrivateLink(db, "connection-summary", reference)}`);
  } catch (error) {
    if (!databaseFailed(error)) log.error({ err: loggableError(error) }, "pre-registration failed");
    return data<ActionResult>({ errors: {}, values: form.values, failed: true }, failureInit(error));
  }
}

const LABELS: Record<(typeof CONNECTION_FIELDS)[number], string> = {
  lastName: "Last name",
  firstName: "First name",
  suffix: "Suffix (Jr., Sr., III)",
  middleName: "Middle name",
  address: "Address",
  dateOfBirth: "Date of birth",
  age: "Age",
  gender: "Gender",
  civilStatus: "Civil status",
  contactNumbers: "Contact numbers",
  nearestAccountNumber: "Nearest account number",
  educationalAttainment: "Educational attainment",
  occupation: "Occupation / source of income",
  dependents: "Number of dependents",
  religion: "Religion / social affiliation",
  annualIncome: "Annual income",
  tin: "Tax identification number (TIN)",
};

export default function NewServiceConnection({ actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const values = result?.values ?? {};
  const errors = result?.errors ?? {};
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const topRef = useFocusOnAnswer(result, ".error-summary, .notice");

  const orderedErrors = Object.fromEntries(CONNECTION_FIELDS.filter((f) => errors[f]).map((f) => [f, errors[f]!]));

  const text = (
    name: (typeof CONNECTION_FIELDS)[number],
    opts: {
      hint?: string;
      optional?: boolean;
      type?: string;
      autoComplete?: string;
      inputMode?: "numeric" | "tel" | "text";
      maxLength?: number;
      short?: boolean;
    } = {},
  ) => (
    <Field id={name} label={`${LABELS[name]}${opts.optional ? " (optional)" : ""}`} hint={opts.hint} error={errors[name]}>
      {(p) => (
        <input
          {...p}
          type={opts.type ?? "text"}
          autoComplete={opts.autoComplete ?? "off"}
          inputMode={opts.inputMode}
          maxLength={opts.type === "date" ? undefined : (opts.maxLength ?? 120)}
          defaultValue={values[name]}
          className={opts.short ? "input--short" : undefined}
        />
      )}
    </Field>
  );
  const choice = (name: "gender" | "civilStatus" | "educationalAttainment", options: readonly string[]) => (
    <FieldSet id={name} className="choice" legend={LABELS[name]} error={errors[name]}>
      <div className="choice__options">
        {options.map((o) => (
          <div className="choice__option" key={o}>
            <input type="radio" id={`${name}-${o}`} name={name} value={o} defaultChecked={values[name] === o} />
            <label htmlFor={`${name}-${o}`}>{o}</label>
          </div>
        ))}
      </div>
    </FieldSet>
  );

  return (
    <div className="container page service-form">
      <Breadcrumb items={[{ label: "Services" }, { label: "New Service Connection" }]} />
      <h1>New Service Connection</h1>
      <p className="service-form__lead">
        Apply for a new connection in two steps: pre-register here, then bring the documents of the checklist to the nearest{" "}
        {COOPERATIVE.shortName} office. You get a reference number and a summary to print.
      </p>

      <div ref={topRef}>
        {result?.failed && (
          <p className="notice notice--error" role="alert" tabIndex={-1}>
            We could not save your pre-registration just now. Your answers are still below: please try again in a minute.
          </p>
        )}
        <ErrorSummary errors={orderedErrors} />
      </div>

      <Form method="post" noValidate className="service-form__form">
        <section aria-labelledby="profile-title">
          <h2 id="profile-title">Member profile</h2>
          <div className="grid grid--name">
            {text("lastName", { autoComplete: "family-name" })}
            {text("firstName", { autoComplete: "given-name" })}
            {text("suffix", { optional: true, maxLength: 10, autoComplete: "honorific-suffix", short: true })}
            {text("middleName", { optional: true, autoComplete: "additional-name" })}
          </div>
          <Field
            id="address"
            label={LABELS.address}
            hint="House number, street, barangay, town: where the service will be connected."
            error={errors.address}
          >
            {(p) => <textarea {...p} rows={2} maxLength={300} autoComplete="street-address" defaultValue={values.address} />}
          </Field>
          <div className="grid">
            {text("dateOfBirth", { type: "date", autoComplete: "bday", short: true })}
            {text("age", { inputMode: "numeric", maxLength: 3, short: true })}
          </div>
          {choice("gender", GENDERS)}
          {choice("civilStatus", CIVIL_STATUSES)}
          {text("contactNumbers", {
            type: "tel",
            autoComplete: "tel",
            maxLength: 200,
            hint: "Separate several numbers with commas, for example 0917 123 4567, 075 553 0123.",
          })}
          {text("nearestAccountNumber", {
            optional: true,
            inputMode: "numeric",
            maxLength: 12,
            short: true,
            hint: "The account number of a neighbour's meter near you, for example 01-0123-4567. It helps us find the nearest line.",
          })}
          {choice("educationalAttainment", EDUCATIONAL_ATTAINMENTS)}
          {text("occupation")}
          <div className="grid">
            {text("dependents", { inputMode: "numeric", maxLength: 2, short: true })}
            {text("annualIncome", { optional: true, maxLength: 40, hint: "In pesos, for example 180,000." })}
          </div>
          {text("religion", { optional: true })}
          {text("tin", { optional: true, inputMode: "numeric", maxLength: 15, short: true, hint: "For example 123-456-789-000." })}
        </section>

        <section aria-labelledby="checklist-title" className="checklist">
          <h2 id="checklist-title">Processing checklist</h2>
          <p>Bring these nine documents to the office. Tick what you already have; the list is for you and is not sent.</p>
          <ul className="checklist__list">
            {CONNECTION_CHECKLIST.map((item, i) => (
              <li key={item}>
                <input type="checkbox" id={`doc-${i + 1}`} />
                <label htmlFor={`doc-${i + 1}`}>{item}</label>
              </li>
            ))}
          </ul>
        </section>

        <button type="submit" className="button" disabled={submitting}>
          {submitting ? "Sending…" : "Submit pre-registration"}
        </button>
      </Form>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);

/** This page loads React (root.tsx reads the flag): its form steps, checks and messages run in the browser too. */
export const handle = { hydrate: true };
