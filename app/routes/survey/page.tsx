import QRCode from "qrcode";
import { data, Form } from "react-router";
import { isMissingRequired, NOT_MATCHED_MESSAGE, submitSurvey, surveySchema } from "../../../modules/members/survey.server";
import { SURVEY_RATINGS, scoreOf } from "../../../modules/members/survey-options";
import { ACCOUNT_NUMBER_EXAMPLE, COOPERATIVE, PRIVACY_NOTICE_VERSION, SURVEY_CITIES, UI } from "../../../modules/shared/constants";
import { type FieldErrors, failureInit, loggableError } from "../../../modules/shared/errors";
import { type FormValues, readForm } from "../../../modules/shared/forms";
import { type Locale, localeOfPath, localePath, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { AccountNumberField, CheckboxField, ErrorSummary, Field, FieldSet } from "../../components/ui/Field";
import { services } from "../../context";
import { requestLocale, useT } from "../../i18n";
import { SURVEY_QUESTION_KEYS, surveyMessages } from "../../messages/survey";
import type { Route } from "./+types/page";
import "./survey.css";
import { socialMeta } from "../../seo";

/** The messages of spec section 8, word for word. */
export const SURVEY_MESSAGES = {
  missing: "Lahat ng fields ay kinakailangan.",
  success: "Salamat sa inyong pagsagot sa survey!",
  alreadyAnswered: "Mayroon ka nang naisagawang pagsusumite ng survey. Salamat sa iyong oras!",
  failure: "May nangyaring error sa pagsusumite ng survey. Pakisubukan muli.",
} as const;

const SURVEY_PATH = "/customer-satisfaction-survey";

const pageTags: Route.MetaFunction = ({ location }) => {
  const t = translator(surveyMessages, localeOfPath(location.pathname));
  return [
    { title: `${t("survey.title")} | ${COOPERATIVE.shortName}` },
    { name: "description", content: t("survey.description", { org: COOPERATIVE.shortName }) },
  ];
};

/**
 * The field errors in Filipino on a Filipino page (one message per field, from the catalog);
 * the English page keeps the schema's own words.
 */
function localErrors(errors: FieldErrors, locale: Locale, notMatched = false): FieldErrors {
  if (locale === "en") return errors;
  const t = translator(surveyMessages, locale);
  const fixed: Record<string, string> = {
    acceptPrivacyNotice: t("survey.error.acceptPrivacyNotice"),
    name: t("survey.error.name"),
    respondentName: t("survey.error.respondentName"),
    city: t("survey.error.city"),
    accountNumber: notMatched ? t("survey.error.notMatched") : t("survey.error.accountNumber", { example: ACCOUNT_NUMBER_EXAMPLE }),
    email: t("survey.error.email"),
    contactNumber: t("survey.error.contactNumber"),
    suggestions: t("survey.error.suggestions"),
  };
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [
      field,
      fixed[field] ?? (field in SURVEY_QUESTION_KEYS ? t("survey.error.rating") : message),
    ]),
  );
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ context, request }: Route.LoaderArgs) {
  const { publicUrl } = services(context);
  // The QR code opens the survey in the page's language.
  const surveyUrl = `${publicUrl}${localePath(requestLocale(request), SURVEY_PATH)}`;
  return { surveyUrl, qrSvg: await surveyQr(surveyUrl) };
}

/** One drawing per address (one a language): drawing it took a tenth of the page's render. */
const qrDrawings = new Map<string, Promise<string>>();
function surveyQr(url: string): Promise<string> {
  let svg = qrDrawings.get(url);
  if (!svg) {
    // Rendered here, on the server: no script needed to show it.
    svg = QRCode.toString(url, { type: "svg", errorCorrectionLevel: UI.qrErrorCorrection, width: UI.qrSizePx, margin: 2 });
    qrDrawings.set(url, svg);
  }
  return svg;
}

type ActionResult =
  | { outcome: "success" }
  | { outcome: "invalid"; errors: FieldErrors; missingRequired: boolean; values: FormValues }
  | { outcome: "already-answered"; values: FormValues }
  | { outcome: "failure"; values: FormValues };

export async function action({ request, context }: Route.ActionArgs) {
  const { db, log, databaseFailed } = services(context);
  const locale = requestLocale(request);
  let values: FormValues = {};
  try {
    const form = readForm(await request.formData(), surveySchema);
    values = form.values;
    if (!form.ok)
      return data<ActionResult>(
        { outcome: "invalid", errors: localErrors(form.errors, locale), missingRequired: isMissingRequired(values), values },
        { status: 422 },
      );
    const result = await submitSurvey(db, form.data);
    if (result.status === "not-matched")
      return data<ActionResult>(
        { outcome: "invalid", errors: localErrors({ accountNumber: NOT_MATCHED_MESSAGE }, locale, true), missingRequired: false, values },
        { status: 422 },
      );
    if (result.status === "already-answered") return data<ActionResult>({ outcome: "already-answered", values }, { status: 400 });
    return data<ActionResult>({ outcome: "success" });
  } catch (error) {
    // The database away is counted into the one outage line (server/outage.ts).
    if (!databaseFailed(error)) log.error({ err: loggableError(error) }, "survey submission failed");
    // A 5xx keeps React Router from reloading the page's data after the failure.
    return data<ActionResult>({ outcome: "failure", values }, failureInit(error));
  }
}

export default function SurveyPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const values: FormValues = result && "values" in result ? result.values : {};
  const errors = result?.outcome === "invalid" ? result.errors : {};
  const t = useT(surveyMessages);

  return (
    <div className="container page survey">
      <Breadcrumb items={[{ label: t("survey.title") }]} />
      <h1>{t("survey.title")}</h1>
      <p className="survey__lead">{t("survey.lead")}</p>

      <div className="survey__intro">
        <section className="survey__privacy" aria-labelledby="privacy-title">
          <h2 id="privacy-title">{t("survey.privacy.title")}</h2>
          <p>{t("survey.privacy.collects", { name: COOPERATIVE.name, short: COOPERATIVE.shortName })}</p>
          <ul>
            <li>{t("survey.privacy.who", { short: COOPERATIVE.shortName })}</li>
            <li>{t("survey.privacy.contact")}</li>
            <li>{t("survey.privacy.keep")}</li>
            <li>
              {t("survey.privacy.rights")} <a href={`mailto:${COOPERATIVE.email}`}>{COOPERATIVE.email}</a>.
            </li>
          </ul>
          <p className="survey__version">{t("survey.privacy.version", { version: PRIVACY_NOTICE_VERSION })}</p>
        </section>
        <figure className="survey__qr">
          <div
            className="survey__qr-code"
            role="img"
            aria-label={t("survey.qr", { url: loaderData.surveyUrl })}
            dangerouslySetInnerHTML={{ __html: loaderData.qrSvg }}
          />
          <figcaption>
            {t("survey.scan")} <span className="survey__url">{loaderData.surveyUrl}</span>
          </figcaption>
        </figure>
      </div>

      {/* After a submit, the message is brought into view and to the screen reader's attention (app/enhance/forms.js). */}
      <div tabIndex={-1} className="survey__status" aria-live="polite" data-focus-on-load={result ? "" : undefined}>
        {result?.outcome === "success" && (
          <p className="notice notice--success" role="status">
            {SURVEY_MESSAGES.success}
          </p>
        )}
        {result?.outcome === "already-answered" && (
          <p className="notice" role="alert">
            {SURVEY_MESSAGES.alreadyAnswered}
          </p>
        )}
        {result?.outcome === "failure" && (
          <p className="notice notice--error" role="alert">
            {SURVEY_MESSAGES.failure}
          </p>
        )}
        {result?.outcome === "invalid" && (
          <ErrorSummary title={result.missingRequired ? SURVEY_MESSAGES.missing : t("survey.invalid")} errors={orderErrors(errors)} />
        )}
      </div>

      {/* A new key after a success starts the form afresh; on any failure the typed answers stay. */}
      <Form method="post" className="survey-form" noValidate key={result?.outcome === "success" ? "done" : "form"}>
        <CheckboxField
          id="acceptPrivacyNotice"
          className="field survey__consent"
          error={errors.acceptPrivacyNotice}
          label={t("survey.consent", { short: COOPERATIVE.shortName })}
        >
          {(p) => (
            <input
              {...p}
              type="checkbox"
              value="on"
              defaultChecked={values.acceptPrivacyNotice === "on"}
              aria-controls="survey-questions"
            />
          )}
        </CheckboxField>
        <p className="survey__consent-hint">{t("survey.consentHint")}</p>

        <div className="survey__questions" id="survey-questions">
          <h2>{t("survey.details")}</h2>
          <Field id="name" label={t("survey.name")} hint={t("survey.nameHint")} error={errors.name}>
            {(p) => <input {...p} type="text" autoComplete="off" defaultValue={values.name} maxLength={120} />}
          </Field>
          <Field id="respondentName" label={t("survey.respondent")} error={errors.respondentName}>
            {(p) => <input {...p} type="text" autoComplete="name" defaultValue={values.respondentName} maxLength={120} />}
          </Field>
          <Field id="city" label={t("survey.city")} error={errors.city}>
            {(p) => (
              <select {...p} defaultValue={values.city ?? ""}>
                <option value="">{t("survey.choose")}</option>
                {SURVEY_CITIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <AccountNumberField error={errors.accountNumber} defaultValue={values.accountNumber} />
          <Field id="email" label={t("survey.email")} error={errors.email}>
            {(p) => <input {...p} type="email" autoComplete="email" spellCheck={false} defaultValue={values.email} maxLength={254} />}
          </Field>
          <Field id="contactNumber" label={t("survey.contact")} hint={t("survey.contactHint")} error={errors.contactNumber}>
            {(p) => (
              <input {...p} type="tel" autoComplete="tel" defaultValue={values.contactNumber} maxLength={20} className="input--short" />
            )}
          </Field>

          <h2>{t("survey.experience")}</h2>
          {SURVEY_RATINGS.map((r, qi) => (
            <FieldSet
              key={r.name}
              id={r.name}
              className="survey__rating"
              error={errors[r.name]}
              legend={`${qi + 1}. ${t(SURVEY_QUESTION_KEYS[r.name])}`}
            >
              {r.options.map((label, i) => (
                <div className="survey__option" key={label}>
                  <input
                    type="radio"
                    id={`${r.name}-${scoreOf(i)}`}
                    name={r.name}
                    value={scoreOf(i)}
                    defaultChecked={values[r.name] === String(scoreOf(i))}
                  />
                  <label htmlFor={`${r.name}-${scoreOf(i)}`}>{label}</label>
                </div>
              ))}
            </FieldSet>
          ))}

          <Field id="suggestions" label={t("survey.suggestions")} hint={t("survey.suggestionsHint")} error={errors.suggestions}>
            {(p) => <textarea {...p} rows={4} maxLength={2000} defaultValue={values.suggestions} />}
          </Field>

          <button type="submit" className="button" data-busy-text={t("survey.submitting")}>
            {t("survey.submit")}
          </button>
        </div>
      </Form>
    </div>
  );
}

/** The summary lists the problems in the order the fields appear. */
function orderErrors(errors: Record<string, string>): Record<string, string> {
  const order = [
    "acceptPrivacyNotice",
    "name",
    "respondentName",
    "city",
    "accountNumber",
    "email",
    "contactNumber",
    ...SURVEY_RATINGS.map((r) => r.name),
    "suggestions",
  ];
  return Object.fromEntries(order.filter((k) => errors[k]).map((k) => [k, errors[k]!]));
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);

/** A form page without React: app/enhance/forms.js focuses the answer and marks the busy button (root.tsx reads the flag). */
export const handle = { forms: true };
