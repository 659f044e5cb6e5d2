/**
 * /alerts: subscribe to interruption alerts without an account. Works without JavaScript;
 * only the channels this site has settings for are offered.
 */
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { CONFIRMATIONS_PER_DAY, reserveConfirmation } from "../../../modules/alerts/confirmation-limits.server";
import { type AlertChannel, CONSENT_TEXTS, confirmEmailMessage, smsConfirmationText } from "../../../modules/alerts/messages";
import { areaChoices, createSubscription } from "../../../modules/alerts/subscriptions.server";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { readForm } from "../../../modules/shared/forms";
import { localeOfPath, localePath, type Translator, translator } from "../../../modules/shared/i18n";
import { mobileExample, normalizeMobile } from "../../../modules/shared/phone";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { ErrorSummary, Field, FieldSet } from "../../components/ui/Field";
import { services } from "../../context";
import { requestLocale, useLocalePath, useT } from "../../i18n";
import { alertMessages } from "../../messages/alerts";
import { formMessages } from "../../messages/forms";
import type { Route } from "./+types/subscribe";
import { AreaPicker } from "./AreaPicker";
import { alertsRuntime, EMAIL_PATTERN, offeredChannels, readAreas } from "./alerts.server";
import "./alerts.css";

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translator(alertMessages, localeOfPath(location.pathname));
  return [{ title: `${t("alerts.title")} | ${COOPERATIVE.shortName}` }, { name: "description", content: t("alerts.description") }];
};

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ context, request }: Route.LoaderArgs) {
  const s = services(context);
  // Kept until a content change (services.reference): the page is built from what is kept.
  return {
    choices: await s.reference("area-choices", () => areaChoices(s.db)),
    channels: offeredChannels(s),
    consentText: CONSENT_TEXTS[requestLocale(request)],
  };
}

const ERROR_FIELDS = ["areas", "email", "mobile", "consent", "channels"] as const;
type Errors = Partial<Record<(typeof ERROR_FIELDS)[number], string>>;

/** The messages this page shows beside its fields. */
function pick(errors: Record<string, string | undefined>): Errors {
  return Object.fromEntries(ERROR_FIELDS.filter((k) => errors[k]).map((k) => [k, errors[k]]));
}
interface ActionResult {
  errors: Errors;
  values: { areas: string[]; email: string; mobile: string; notifyFinished: boolean; consent: boolean; push: boolean };
}

/** The subscribe form's fields and rules; only the channels this site offers count. */
function subscribeSchema(offered: Set<AlertChannel>, t: Translator<typeof alertMessages.en>) {
  return z
    .object({
      area: z.array(z.string()),
      email: z.union([z.literal(""), z.string().trim().max(254).regex(EMAIL_PATTERN, t("alerts.error.email"))]),
      mobile: z.union([
        z.literal(""),
        z
          .string()
          .trim()
          .refine((v) => normalizeMobile(v) !== null, t("alerts.error.mobile")),
      ]),
      notifyFinished: z.boolean(),
      consent: z.boolean().refine(Boolean, t("alerts.error.consent")),
      push: z.boolean(),
    })
    .superRefine((v, ctx) => {
      if (!(offered.has("email") && v.email) && !(offered.has("sms") && v.mobile) && !(offered.has("push") && v.push))
        ctx.addIssue({
          code: "custom",
          path: ["channels"],
          message: offered.size ? t("alerts.error.channels") : t("alerts.error.unavailable"),
        });
    });
}

export async function action({ request, context }: Route.ActionArgs) {
  const s = services(context);
  const runtime = alertsRuntime(s);
  const language = requestLocale(request);
  const offered = new Set<AlertChannel>(offeredChannels(s));
  const t = translator(alertMessages, language);
  const form = readForm(await request.formData(), subscribeSchema(offered, t));
  const checkbox = (name: string) => form.values[name] === "on";
  const values: ActionResult["values"] = {
    areas: form.lists.area ?? [],
    email: form.values.email ?? "",
    mobile: form.values.mobile ?? "",
    notifyFinished: checkbox("notifyFinished"),
    consent: checkbox("consent"),
    push: checkbox("push"),
  };
  const choices = await areaChoices(s.db);
  const known = new Map(choices.flatMap((c) => c.barangays.map((b) => [b.id, c.town] as const)));
  const areas = readAreas(values.areas, known);
  const errors: Errors = form.ok ? {} : pick(form.errors);
  if (areas.length === 0) errors.areas = t("alerts.error.areas");
  if (!form.ok || Object.keys(errors).length || !runtime) return data<ActionResult>({ errors, values }, { status: 422 });
  // Only the channels this site offers are taken, whatever was posted.
  const email = offered.has("email") ? form.data.email : "";
  const mobile = offered.has("sms") && form.data.mobile ? normalizeMobile(form.data.mobile) : null;
  const push = offered.has("push") && form.data.push;

  // Confirmation messages to one recipient are capped, whoever asks: reserved before anything is made.
  const emailSlot = email ? await reserveConfirmation(s.db, "email", email) : null;
  if (emailSlot && !emailSlot.ok)
    return data<ActionResult>(
      { errors: { email: t("alerts.error.tooMany.email", { n: CONFIRMATIONS_PER_DAY }) }, values },
      { status: 429 },
    );
  const smsSlot = mobile ? await reserveConfirmation(s.db, "sms", mobile) : null;
  if (smsSlot && !smsSlot.ok) {
    if (emailSlot?.ok) await emailSlot.release();
    return data<ActionResult>({ errors: { mobile: t("alerts.error.tooMany.sms", { n: CONFIRMATIONS_PER_DAY }) }, values }, { status: 429 });
  }

  const created = await createSubscription(s.db, {
    areas,
    email: email || undefined,
    mobile: mobile ?? undefined,
    notifyFinished: form.data.notifyFinished,
    consentText: CONSENT_TEXTS[language],
    language,
  });
  const notes: string[] = [];
  if (created.emailToken && runtime.channels.mail) {
    const link = `${s.publicUrl}${localePath(language, `/alerts/confirm/${created.emailToken}`)}`;
    const message = confirmEmailMessage(link, language);
    const sent = await runtime.channels.mail.send({
      idempotencyKey: `confirm-${created.subscriberId}`,
      to: email,
      subject: message.subject,
      body: message.text,
    });
    if (!sent.ok) notes.push("email-failed");
  }
  if (created.smsCode && mobile && runtime.channels.sms) {
    const sent = await runtime.channels.sms.send(mobile, smsConfirmationText(created.smsCode, language));
    if (!sent.ok) notes.push("sms-failed");
  }
  const query = new URLSearchParams({
    welcome: "1",
    ...(push ? { push: "1" } : {}),
    ...(notes.length ? { problem: notes.join(",") } : {}),
  });
  return redirect(`${localePath(language, `/alerts/manage/${created.manageToken}`)}?${query}`);
}

export default function Subscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { choices, channels, consentText } = loaderData;
  const result = actionData as ActionResult | undefined;
  const errors = result?.errors ?? {};
  const values = result?.values;
  const offered = new Set(channels);
  const t = useT(alertMessages);
  const tf = useT(formMessages);
  const lp = useLocalePath();

  return (
    <div className="container page alerts-page">
      <Breadcrumb items={[{ label: t("alerts.news"), to: lp("/news") }, { label: t("alerts.title") }]} />
      <h1>{t("alerts.title")}</h1>
      <p>{t("alerts.intro")}</p>
      <ErrorSummary errors={errors} />
      {channels.length === 0 ? (
        <p className="notice">{t("alerts.unavailable")}</p>
      ) : (
        <Form method="post" noValidate>
          <AreaPicker choices={choices} selected={new Set(values?.areas ?? [])} error={errors.areas} />
          <FieldSet
            id="channels"
            legend={t("alerts.channels")}
            legendClassName="field__label"
            className="alerts-channels"
            error={errors.channels}
            hint={
              !offered.has("email") && !offered.has("sms") ? (
                <>
                  {t("alerts.channels.none")}
                  {offered.has("push") && (
                    <>
                      {t("alerts.channels.pushOnly")}
                      <span className="alerts-nojs">{t("alerts.channels.pushNeedsJs")}</span>
                    </>
                  )}
                  .
                </>
              ) : undefined
            }
          >
            {offered.has("email") && (
              <Field id="email" label={t("alerts.email")} hint={t("alerts.email.hint")} error={errors.email}>
                {(p) => <input {...p} type="email" autoComplete="email" spellCheck={false} defaultValue={values?.email} />}
              </Field>
            )}
            {offered.has("sms") && (
              <Field
                id="mobile"
                label={t("alerts.mobile")}
                hint={`${tf("form.mobile.hint", { example: mobileExample })}. ${t("alerts.mobile.hint")}`}
                error={errors.mobile}
              >
                {(p) => <input {...p} type="tel" autoComplete="tel" inputMode="tel" defaultValue={values?.mobile} />}
              </Field>
            )}
            {offered.has("push") && (
              // Notifications need scripts and a browser that has them: shown only then (app/enhance/forms.js).
              <div className="alerts-push" data-needs-push="" hidden>
                <label className="alerts-check">
                  <input type="checkbox" name="push" defaultChecked={values?.push} /> {t("alerts.push")}
                </label>
              </div>
            )}
          </FieldSet>
          <label className="alerts-check">
            <input type="checkbox" name="notifyFinished" defaultChecked={values?.notifyFinished} /> {t("alerts.finished")}
          </label>
          <div className={`alerts-consent${errors.consent ? " field--error" : ""}`} id="consent">
            {errors.consent && (
              <span className="field__error" id="consent-error">
                <span className="visually-hidden">{tf("form.error")}</span>
                {errors.consent}
              </span>
            )}
            <label className="alerts-check">
              <input
                type="checkbox"
                name="consent"
                defaultChecked={values?.consent}
                aria-describedby={errors.consent ? "consent-error" : undefined}
              />{" "}
              <span>{consentText}</span>
            </label>
          </div>
          <button type="submit" className="button" data-busy-text={t("alerts.subscribe")}>
            {t("alerts.subscribe")}
          </button>
        </Form>
      )}
    </div>
  );
}

/** A form page without React: app/enhance/forms.js focuses the answer and offers notifications (root.tsx reads the flag). */
export const handle = { forms: true };
