import { data, Form, redirectDocument } from "react-router";
import { HAZARD_KINDS, PHOTO_MAX_BYTES, REPORT_KINDS, type ReportKind } from "../../../modules/reports/model";
import { CAPTCHA_CHALLENGE_PATH as CAPTCHA_PATH, COOPERATIVE, TOWNS } from "../../../modules/shared/constants";
import { formatDateTime } from "../../../modules/shared/dates";
import { localeOfPath, localePath, translator } from "../../../modules/shared/i18n";
import { mobileExample } from "../../../modules/shared/phone";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { CaptchaField } from "../../components/ui/CaptchaField";
import { AccountNumberField, ErrorSummary, Field, FieldError, FieldSet } from "../../components/ui/Field";
import { services } from "../../context";
import { requestLocale, useLocale, useLocalePath, useT } from "../../i18n";
import { SWITCH_FORM_ID } from "../../language-switch";
import { formMessages } from "../../messages/forms";
import { REPORT_KIND_KEYS, reportMessages } from "../../messages/reports";
import { signedInAccount } from "../mco/account.server";
import type { Route } from "./+types/report";
import { loadReportPage, type ReportErrors, type ReportValues, submitReport } from "./report.server";
import "./report.css";

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translator(reportMessages, localeOfPath(location.pathname));
  return [{ title: `${t("report.metaTitle")} | ${COOPERATIVE.shortName}` }, { name: "description", content: t("report.description") }];
};

// Each render carries a fresh one-time question: never cached.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const [page, portal] = await Promise.all([
    loadReportPage(services(context), url, requestLocale(request)),
    // From "Report a power outage" on an account page: that account and the member's number, filled in.
    signedInAccount(request, context, url.searchParams.get("account")),
  ]);
  return { ...page, portal };
}

export async function action({ context, request }: Route.ActionArgs) {
  const result = await submitReport(services(context), request);
  // The status page has no React: it loads as a document (at its top, its scripts run), as without JavaScript.
  if (result.ok) return redirectDocument(`${localePath(requestLocale(request), `/report/status/${result.token}`)}?new=1`, 303);
  return data({ values: result.values, errors: result.errors }, { status: result.status });
}

export default function ReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { barangays, kind, barangay, open, interruptions, question, smsOn, mine, portal } = loaderData;
  const result = actionData as { values: ReportValues; errors: ReportErrors } | undefined;
  const errors = result?.errors ?? {};
  const values = result?.values ?? {};
  const t = useT(reportMessages);
  const lp = useLocalePath();
  const kindLabel = (k: ReportKind) => t(REPORT_KIND_KEYS[k]);
  const locale = useLocale();
  const f = useT(formMessages);
  const mobile = f("form.mobile.hint", { example: mobileExample });
  const chosenKind = (kind ?? (values.kind as ReportKind | undefined)) || null;
  const step2 = Boolean(chosenKind && barangay);
  const mineIncident = open.find((i) => i.id === mine) ?? null;

  const byTown = TOWNS.map((town) => ({ town, list: barangays.filter((b) => b.town === town) })).filter((g) => g.list.length > 0);

  return (
    <div className="container page report">
      <Breadcrumb items={[{ label: t("report.outages"), to: "/outages" }, { label: t("report.title") }]} />
      <h1>{t("report.title")}</h1>

      {chosenKind && HAZARD_KINDS.has(chosenKind) && <SafetyWarning lineDown={chosenKind === "line-down"} />}

      <ErrorSummary errors={{ ...errors, barangayId: errors.barangayId, captcha: errors.captcha }} />

      {!step2 ? (
        <>
          <p>{t("report.intro", { phone: COOPERATIVE.phone })}</p>
          {/* The form in view is the one the language switch carries (SWITCH_FORM_ID): here the choice so far. */}
          <Form id={SWITCH_FORM_ID} method="get" className="report__step">
            {portal && <input type="hidden" name="account" value={portal.accountNumber} />}
            <FieldSet id="kind-choice" legend={t("report.what")} legendClassName="field__label" className="report__kinds">
              {REPORT_KINDS.map((k) => (
                <label key={k} className={`report__kind${HAZARD_KINDS.has(k) ? " report__kind--hazard" : ""}`}>
                  <input type="radio" name="kind" value={k} defaultChecked={chosenKind === k} required />
                  <span>{kindLabel(k)}</span>
                </label>
              ))}
            </FieldSet>
            <Field id="barangay" label={t("report.where")} hint={t("report.where.hint")}>
              {(p) => (
                <select {...p} defaultValue={barangay?.id ?? values.barangayId ?? ""} required>
                  <option value="">{t("report.choose")}</option>
                  {byTown.map((g) => (
                    <optgroup key={g.town} label={g.town}>
                      {g.list.map((b) => (
                        <option key={b.id} value={b.id}>
                          {b.name}, {g.town}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
              )}
            </Field>
            <button type="submit" className="button">
              {t("report.continue")}
            </button>
          </Form>
          <p>
            <a href={lp("/outages")}>{t("report.restoration")}</a>
          </p>
        </>
      ) : (
        <>
          <p className="report__chosen">
            <strong>{kindLabel(chosenKind!)}</strong>
            {t("report.in")}
            <strong>
              {barangay!.name}, {barangay!.town}
            </strong>{" "}
            <a href={`${lp("/report")}?kind=${chosenKind}${portal ? `&account=${portal.accountNumber}` : ""}`}>{t("report.change")}</a>
          </p>
          {portal && (
            <p className="notice report__portal">
              {t("report.portal.filled", { account: portal.accountNumber })}{" "}
              <a href={lp(`/mco/accounts/${portal.accountNumber}`)}>{t("report.portal.back")}</a>
            </p>
          )}

          {mineIncident ? (
            <section className="report__known" aria-labelledby="mine-title">
              <h2 id="mine-title">{t("report.mine.title")}</h2>
              <p>
                <strong>{kindLabel(mineIncident.kind)}</strong>: {mineIncident.statusLabel} ·{" "}
                {t("report.mine.count", { n: mineIncident.reportCount })}
                {mineIncident.landmark ? t("report.mine.near", { place: mineIncident.landmark }) : ""}
              </p>
              <Form id={SWITCH_FORM_ID} method="post" className="report__form">
                <input type="hidden" name="intent" value="me-too" />
                <input type="hidden" name="incidentId" value={mineIncident.id} />
                <CaptchaField id="captcha" label={t("report.robot")} error={errors.captcha} challenge={CAPTCHA_PATH} eager>
                  <input type="hidden" name="questionToken" value={question.token} />
                  <Field id="questionAnswer" label={t("report.question", { question: question.text })}>
                    {(p) => <input {...p} type="text" inputMode="numeric" maxLength={3} autoComplete="off" className="input--short" />}
                  </Field>
                </CaptchaField>
                <button type="submit" className="button" data-busy-text={t("report.sending")}>
                  {t("report.mine.add")}
                </button>
              </Form>
              <p>
                <a href={`${lp("/report")}?kind=${chosenKind}&barangay=${barangay!.id}${portal ? `&account=${portal.accountNumber}` : ""}`}>
                  {t("report.mine.back")}
                </a>
              </p>
            </section>
          ) : null}

          {!mineIncident && (open.length > 0 || interruptions.length > 0) && (
            <section className="report__known" aria-labelledby="known-title">
              <h2 id="known-title">{t("report.known.title", { barangay: barangay!.name })}</h2>
              <p>{t("report.known.text")}</p>
              <ul className="report__known-list">
                {interruptions.map((i) => (
                  <li key={`i${i.id}`} className="report__known-item">
                    <strong>{t("report.known.interruption", { status: i.statusLabel })}</strong>
                    <span>
                      {i.date}, {i.time}
                    </span>
                    <a href={lp("/news/power-interruptions")}>{t("report.known.details")}</a>
                  </li>
                ))}
                {open.map((i) => (
                  <li key={i.id} className="report__known-item">
                    <strong>{kindLabel(i.kind)}</strong>
                    <span>
                      {i.statusLabel} · {t("report.mine.count", { n: i.reportCount })}
                      {t("report.mine.last", { at: formatDateTime(i.lastReportAt, locale) })}
                      {i.landmark ? t("report.mine.near", { place: i.landmark }) : ""}
                      {i.etr ? t("report.mine.etr", { at: formatDateTime(i.etr, locale) }) : ""}
                    </span>
                    <Form method="get" action={`${lp("/report")}#mine-title`}>
                      <input type="hidden" name="kind" value={chosenKind!} />
                      <input type="hidden" name="barangay" value={barangay!.id} />
                      <input type="hidden" name="mine" value={i.id} />
                      {portal && <input type="hidden" name="account" value={portal.accountNumber} />}
                      <button
                        type="submit"
                        className="button button--secondary"
                        aria-label={t("report.known.mine", {
                          kind: kindLabel(i.kind),
                          count: t("report.mine.count", { n: i.reportCount }),
                        })}
                      >
                        {t("report.mine.title")}
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
              <h2>{t("report.known.else")}</h2>
            </section>
          )}

          {!mineIncident && (
            <Form id={SWITCH_FORM_ID} method="post" encType="multipart/form-data" noValidate className="report__form">
              <input type="hidden" name="intent" value="report" />
              <input type="hidden" name="kind" value={chosenKind!} />
              <input type="hidden" name="barangayId" value={barangay!.id} />
              <FieldError id="kind-error" message={errors.kind} />

              <Field id="landmark" label={t("report.exactly")} hint={t("report.exactly.hint")} error={errors.landmark}>
                {(p) => <input {...p} type="text" maxLength={200} defaultValue={values.landmark} autoComplete="off" />}
              </Field>
              <Field id="details" label={t("report.details")} error={errors.details}>
                {(p) => <textarea {...p} maxLength={1000} rows={3} defaultValue={values.details} />}
              </Field>

              <div className="field report__position report__js-only">
                <span className="field__label">{t("report.position")}</span>
                <span className="field__hint">{t("report.position.hint")}</span>
                {/* app/enhance/forms.js asks the browser for the position and says how it went. */}
                <button
                  type="button"
                  className="button button--secondary"
                  data-locate=""
                  data-none={t("report.position.none")}
                  data-finding={t("report.position.finding")}
                  data-added={t("report.position.added", { metres: "{metres}" })}
                  data-failed={t("report.position.failed")}
                >
                  {t("report.position.add")}
                </button>
                <p role="status" className="report__position-status" data-locate-status="" />
                <FieldError id="latitude-error" message={errors.latitude ?? errors.longitude} />
                <input type="hidden" name="latitude" defaultValue={values.latitude ?? ""} />
                <input type="hidden" name="longitude" defaultValue={values.longitude ?? ""} />
              </div>

              {values.photoToken && (
                <>
                  <input type="hidden" name="photoToken" value={values.photoToken} />
                  <p className="notice report__kept-photo" id="photo-kept">
                    {t("report.photo.kept")}
                  </p>
                </>
              )}
              <Field
                id="photo"
                label={values.photoToken ? t("report.photo.another") : t("report.photo")}
                hint={t("report.photo.hint")}
                error={errors.photo}
              >
                {(p) => (
                  // Too big is said before sending 8 MB over mobile data for nothing (forms.js; the server checks again).
                  <input
                    {...p}
                    type="file"
                    accept="image/*"
                    className="report__file"
                    data-max-bytes={PHOTO_MAX_BYTES}
                    data-too-big={t("report.photo.tooBig")}
                    data-error-prefix={f("form.error")}
                  />
                )}
              </Field>

              <fieldset className="report__who">
                <legend className="field__label">{t("report.tell")}</legend>
                <Field
                  id="mobile"
                  label={t("report.mobile")}
                  hint={smsOn ? t("report.mobile.sms", { hint: mobile }) : t("report.mobile.noSms", { hint: mobile })}
                  error={errors.mobile}
                >
                  {(p) => (
                    <input
                      {...p}
                      type="tel"
                      inputMode="tel"
                      autoComplete="tel"
                      maxLength={20}
                      defaultValue={values.mobile ?? portal?.mobile}
                      className="input--short"
                    />
                  )}
                </Field>
                <AccountNumberField error={errors.accountNumber} defaultValue={values.accountNumber ?? portal?.accountNumber} />
              </fieldset>

              <CaptchaField id="captcha" label={t("report.robot")} error={errors.captcha} challenge={CAPTCHA_PATH}>
                {/* Without JavaScript the proof of work cannot run: a small question instead. */}
                <input type="hidden" name="questionToken" value={question.token} />
                <Field id="questionAnswer" label={t("report.question", { question: question.text })}>
                  {(p) => <input {...p} type="text" inputMode="numeric" maxLength={3} autoComplete="off" className="input--short" />}
                </Field>
              </CaptchaField>

              <button type="submit" className="button" data-busy-text={t("report.sending")}>
                {t("report.send")}
              </button>
            </Form>
          )}
        </>
      )}
    </div>
  );
}

function SafetyWarning({ lineDown }: { lineDown: boolean }) {
  const t = useT(reportMessages);
  return (
    <div className="report__safety" role="alert">
      <h2>{lineDown ? t("report.safety.lineDown") : t("report.safety")}</h2>
      <ul>
        <li>{t("report.safety.away")}</li>
        <li>{t("report.safety.touch")}</li>
        <li>
          {t("report.safety.call")}
          <a href={COOPERATIVE.phoneHref}>{COOPERATIVE.phone}</a>
          {t("report.safety.then")}
        </li>
      </ul>
    </div>
  );
}

/**
 * A form page without React: app/enhance/forms.js adds the position, the photo's size check and the
 * captcha on use (root.tsx reads the flag).
 * The query is the first step's answer (and the portal's account): kept by the language switch.
 * The second step's form travels with the language switch (switchForm), so what was typed stays.
 */
export const handle = { forms: true, query: ["kind", "barangay", "mine", "account"], switchForm: true };
