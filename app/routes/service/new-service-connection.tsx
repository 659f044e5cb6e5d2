import { data, Form, redirectDocument } from "react-router";
import {
  CIVIL_STATUSES,
  CONNECTION_FIELDS,
  type ConnectionFormValues,
  EDUCATIONAL_ATTAINMENTS,
  GENDERS,
} from "../../../modules/members/connection-options";
import { type ConnectionMessages, connectionSchema, createPreregistration } from "../../../modules/members/connections.server";
import { createPrivateLink } from "../../../modules/privacy/private-links.server";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { type FieldErrors, failureInit, loggableError } from "../../../modules/shared/errors";
import { readForm } from "../../../modules/shared/forms";
import { localeOfPath, localePath, type Translator, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { ErrorSummary, Field, FieldSet } from "../../components/ui/Field";
import { services } from "../../context";
import { requestLocale, requestT, useT } from "../../i18n";
import { CONNECTION_DOC_KEYS, CONNECTION_LABEL_KEYS, CONNECTION_OPTION_KEYS, serviceMessages } from "../../messages/service";
import { shellMessages } from "../../messages/shell";
import type { Route } from "./+types/new-service-connection";
import "./service.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = ({ location }) => {
  const locale = localeOfPath(location.pathname);
  return [
    { title: `${translator(shellMessages, locale)("nav.newConnection")} | ${COOPERATIVE.shortName}` },
    { name: "description", content: translator(serviceMessages, locale)("nsc.description", { short: COOPERATIVE.shortName }) },
  ];
};

/** The schema's messages in the page's language. */
function connectionMessages(t: Translator<typeof serviceMessages.en>): ConnectionMessages {
  return {
    lastName: t("nsc.error.lastName"),
    firstName: t("nsc.error.firstName"),
    address: t("nsc.error.address"),
    dateOfBirth: t("nsc.error.dateOfBirth"),
    dateOfBirthPast: t("nsc.error.dateOfBirthPast"),
    age: t("nsc.error.age"),
    ageMinimum: t("nsc.error.ageMinimum"),
    ageByBirth: (age) => t("nsc.error.ageByBirth", { age }),
    gender: t("nsc.error.gender"),
    civilStatus: t("nsc.error.civilStatus"),
    contactNumbers: t("nsc.error.contactNumbers"),
    nearestAccountNumber: (example) => t("nsc.error.nearestAccountNumber", { example }),
    educationalAttainment: t("nsc.error.educationalAttainment"),
    occupation: t("nsc.error.occupation"),
    dependents: t("nsc.error.dependents"),
    tin: t("nsc.error.tin"),
    tooLong: (max) => t("nsc.error.tooLong", { max }),
  };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

type ActionResult = { errors: FieldErrors; values: ConnectionFormValues; failed?: boolean };

export async function action({ request, context }: Route.ActionArgs) {
  const { db, log, databaseFailed } = services(context);
  const form = readForm(await request.formData(), connectionSchema(connectionMessages(requestT(serviceMessages, request))));
  if (!form.ok) return data<ActionResult>({ errors: form.errors, values: form.values }, { status: 422 });
  try {
    const { reference } = await createPreregistration(db, form.data);
    // The summary's address is a random token, not the (guessable) reference: shown once, here.
    // It has no React: it loads as a document (at its top, its print button set up), as without JavaScript.
    // The summary in the language the form was sent in.
    const token = await createPrivateLink(db, "connection-summary", reference);
    return redirectDocument(localePath(requestLocale(request), `/service/new-service-connection/${token}`));
  } catch (error) {
    if (!databaseFailed(error)) log.error({ err: loggableError(error) }, "pre-registration failed");
    return data<ActionResult>({ errors: {}, values: form.values, failed: true }, failureInit(error));
  }
}

export default function NewServiceConnection({ actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const values = result?.values ?? {};
  const errors = result?.errors ?? {};
  const t = useT(serviceMessages);
  const sh = useT(shellMessages);
  const label = (name: (typeof CONNECTION_FIELDS)[number]) => t(CONNECTION_LABEL_KEYS[name]);

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
    <Field id={name} label={`${label(name)}${opts.optional ? t("nsc.optional") : ""}`} hint={opts.hint} error={errors[name]}>
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
    <FieldSet id={name} className="choice" legend={label(name)} error={errors[name]}>
      <div className="choice__options">
        {options.map((o) => (
          <div className="choice__option" key={o}>
            <input type="radio" id={`${name}-${o}`} name={name} value={o} defaultChecked={values[name] === o} />
            <label htmlFor={`${name}-${o}`}>{t(CONNECTION_OPTION_KEYS[o as keyof typeof CONNECTION_OPTION_KEYS])}</label>
          </div>
        ))}
      </div>
    </FieldSet>
  );

  return (
    <div className="container page service-form">
      <Breadcrumb items={[{ label: sh("nav.services") }, { label: sh("nav.newConnection") }]} />
      <h1>{sh("nav.newConnection")}</h1>
      <p className="service-form__lead">{t("nsc.lead", { short: COOPERATIVE.shortName })}</p>

      {result?.failed && (
        <p className="notice notice--error" role="alert" tabIndex={-1} data-focus-on-load="">
          {t("nsc.failed")}
        </p>
      )}
      <ErrorSummary errors={orderedErrors} />

      <Form method="post" noValidate className="service-form__form">
        <section aria-labelledby="profile-title">
          <h2 id="profile-title">{t("nsc.profile")}</h2>
          <div className="grid grid--name">
            {text("lastName", { autoComplete: "family-name" })}
            {text("firstName", { autoComplete: "given-name" })}
            {text("suffix", { optional: true, maxLength: 10, autoComplete: "honorific-suffix", short: true })}
            {text("middleName", { optional: true, autoComplete: "additional-name" })}
          </div>
          <Field id="address" label={label("address")} hint={t("nsc.hint.address")} error={errors.address}>
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
            hint: t("nsc.hint.contactNumbers"),
          })}
          {text("nearestAccountNumber", {
            optional: true,
            inputMode: "numeric",
            maxLength: 12,
            short: true,
            hint: t("nsc.hint.nearestAccountNumber"),
          })}
          {choice("educationalAttainment", EDUCATIONAL_ATTAINMENTS)}
          {text("occupation")}
          <div className="grid">
            {text("dependents", { inputMode: "numeric", maxLength: 2, short: true })}
            {text("annualIncome", { optional: true, maxLength: 40, hint: t("nsc.hint.annualIncome") })}
          </div>
          {text("religion", { optional: true })}
          {text("tin", { optional: true, inputMode: "numeric", maxLength: 15, short: true, hint: t("nsc.hint.tin") })}
        </section>

        <section aria-labelledby="checklist-title" className="checklist">
          <h2 id="checklist-title">{t("nsc.checklist")}</h2>
          <p>{t("nsc.checklist.intro")}</p>
          <ul className="checklist__list">
            {CONNECTION_DOC_KEYS.map((item, i) => (
              <li key={item}>
                <input type="checkbox" id={`doc-${i + 1}`} />
                <label htmlFor={`doc-${i + 1}`}>{t(item)}</label>
              </li>
            ))}
          </ul>
        </section>

        <button type="submit" className="button" data-busy-text={t("nsc.sending")}>
          {t("nsc.submit")}
        </button>
      </Form>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);

/** A form page without React: app/enhance/forms.js focuses the answer and marks the busy button (root.tsx reads the flag). */
export const handle = { forms: true };
