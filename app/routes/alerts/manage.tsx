/**
 * /alerts/manage/:token: the link in every message. Confirm the SMS code, turn on browser
 * notifications, change the areas, stop one channel or everything. The token is the only key.
 */
import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { z } from "zod";
import { CONFIRMATIONS_PER_DAY } from "../../../modules/alerts/confirmation-limits.server";
import { ALERT_CHANNELS, CONSENT_TEXTS, smsConfirmationText } from "../../../modules/alerts/messages";
import {
  areaChoices,
  checkSmsCode,
  getSubscription,
  renewSmsCode,
  stopSubscription,
  updateSubscription,
} from "../../../modules/alerts/subscriptions.server";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { readForm } from "../../../modules/shared/forms";
import { localeOfPath, localePath, translator } from "../../../modules/shared/i18n";
import { maskMobile } from "../../../modules/shared/phone";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { ErrorSummary, Field } from "../../components/ui/Field";
import { services } from "../../context";
import { requestLocale, useLocale, useLocalePath, useT } from "../../i18n";
import { alertMessages } from "../../messages/alerts";
import type { Route } from "./+types/manage";
import { AreaPicker } from "./AreaPicker";
import { alertsRuntime, offeredChannels, readAreas } from "./alerts.server";
import "./alerts.css";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: `${translator(alertMessages, localeOfPath(location.pathname))("alerts.manage.meta")} | ${COOPERATIVE.shortName}` },
  { name: "robots", content: "noindex" },
];
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const s = services(context);
  const t = translator(alertMessages, requestLocale(request));
  const subscription = await getSubscription(s.db, params.token);
  if (!subscription) throw data(t("alerts.manage.invalid"), { status: 404 });
  const runtime = alertsRuntime(s);
  return {
    subscription: {
      ...subscription,
      endpoints: subscription.endpoints.map((e) => ({
        ...e,
        address: e.channel === "sms" ? maskMobile(e.address) : e.channel === "push" ? t("alerts.manage.thisBrowser") : e.address,
      })),
    },
    choices: await areaChoices(s.db),
    channels: offeredChannels(s),
    vapidPublicKey: runtime?.channels.vapidPublicKey ?? "",
  };
}

/** Each channel's name and its stop button, as catalog keys. */
const CHANNEL_KEYS = {
  email: { label: "alerts.channel.email", stop: "alerts.manage.stop.email" },
  sms: { label: "alerts.channel.sms", stop: "alerts.manage.stop.sms" },
  push: { label: "alerts.channel.push", stop: "alerts.manage.stop.push" },
} as const;

const INTENTS = ["verify-sms", "resend-sms", "update", "stop", "stop-channel"] as const;
type Intent = (typeof INTENTS)[number];

/** Every button of the page posts this form; each intent reads the fields it needs. */
const manageSchema = z.object({
  intent: z.enum(INTENTS),
  code: z.string().transform((v) => v.replace(/\s/g, "")),
  area: z.array(z.string()),
  notifyFinished: z.boolean(),
  // Only the stop-one-channel buttons send it.
  channel: z.union([z.enum(ALERT_CHANNELS), z.literal("")]),
});
interface ActionResult {
  intent: Intent;
  errors: Partial<Record<"code" | "areas", string>>;
  message?: string;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const s = services(context);
  const language = requestLocale(request);
  const t = translator(alertMessages, language);
  const form = readForm(await request.formData(), manageSchema);
  const token = params.token;
  const reply = (r: Omit<ActionResult, "intent">, status = 200) =>
    data<ActionResult>({ intent: form.ok ? form.data.intent : "update", ...r }, { status });
  if (!form.ok) return reply({ errors: {} }, 400);
  const { intent, code, area, notifyFinished, channel } = form.data;
  switch (intent) {
    case "verify-sms": {
      if (!/^\d{6}$/.test(code)) return reply({ errors: { code: t("alerts.manage.code.format") } }, 422);
      const r = await checkSmsCode(s.db, token, code);
      if (r.status === "confirmed") return reply({ errors: {}, message: t("alerts.manage.code.confirmed") });
      const messages = {
        wrong:
          r.status === "wrong"
            ? t("alerts.manage.code.wrong", {
                left: r.triesLeft,
                tries: t(r.triesLeft === 1 ? "alerts.manage.code.try" : "alerts.manage.code.tries"),
              })
            : "",
        locked: t("alerts.manage.code.locked"),
        expired: t("alerts.manage.code.expired"),
        none: t("alerts.manage.code.none"),
      };
      return reply({ errors: { code: messages[r.status] } }, 422);
    }
    case "resend-sms": {
      const runtime = alertsRuntime(s);
      if (!runtime?.channels.sms) return reply({ errors: { code: t("alerts.manage.code.none") } }, 422);
      const renewed = await renewSmsCode(s.db, token);
      if (renewed.status === "none") return reply({ errors: { code: t("alerts.manage.code.none") } }, 422);
      if (renewed.status !== "renewed")
        return reply(
          {
            errors: {
              code:
                renewed.status === "limit"
                  ? t("alerts.error.tooMany.sms", { n: CONFIRMATIONS_PER_DAY })
                  : t("alerts.manage.code.wait", { seconds: renewed.retryAfterSeconds }),
            },
          },
          429,
        );
      const sent = await runtime.channels.sms.send(renewed.mobile, smsConfirmationText(renewed.code, renewed.language));
      return sent.ok
        ? reply({ errors: {}, message: t("alerts.manage.code.sent") })
        : reply({ errors: { code: t("alerts.manage.code.failed") } }, 503);
    }
    case "update": {
      const choices = await areaChoices(s.db);
      const known = new Map(choices.flatMap((c) => c.barangays.map((b) => [b.id, c.town] as const)));
      const areas = readAreas(area, known);
      if (areas.length === 0) return reply({ errors: { areas: t("alerts.manage.areas.none") } }, 422);
      await updateSubscription(s.db, token, { areas, notifyFinished });
      return reply({ errors: {}, message: t("alerts.manage.areas.saved") });
    }
    case "stop-channel": {
      if (!channel) return reply({ errors: {} }, 400);
      await stopSubscription(s.db, token, channel);
      return reply({ errors: {}, message: t("alerts.manage.channelStopped", { channel: t(CHANNEL_KEYS[channel].label) }) });
    }
    case "stop":
      await stopSubscription(s.db, token);
      return redirect(`${localePath(language, `/alerts/manage/${token}`)}?stopped=1`);
  }
}

export default function Manage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { subscription: sub, choices, channels, vapidPublicKey } = loaderData;
  const result = actionData as ActionResult | undefined;
  const [search] = useSearchParams();
  const email = sub.endpoints.find((e) => e.channel === "email");
  const sms = sub.endpoints.find((e) => e.channel === "sms");
  const push = sub.endpoints.find((e) => e.channel === "push");
  const selected = new Set(sub.areas.map((a) => (a.barangayId ? `${a.town}:${a.barangayId}` : a.town)));
  const problems = (search.get("problem") ?? "").split(",");
  const t = useT(alertMessages);
  const lp = useLocalePath();
  const locale = useLocale();

  if (sub.stopped) {
    return (
      <div className="container page alerts-page">
        <h1>{t("alerts.manage.stopped.title")}</h1>
        <p>{t("alerts.manage.stopped.text", { shortName: COOPERATIVE.shortName })}</p>
        <p>
          <Link to={lp("/alerts")}>{t("alerts.stop.again")}</Link> ·{" "}
          <Link to={lp("/news/power-interruptions")}>{t("alerts.manage.interruptions")}</Link>
        </p>
      </div>
    );
  }

  return (
    <div className="container page alerts-page">
      <Breadcrumb items={[{ label: t("alerts.title"), to: lp("/alerts") }, { label: t("alerts.manage.yours") }]} />
      <h1>{t("alerts.manage.title")}</h1>
      <p className="notice">{t("alerts.manage.private")}</p>
      {/* The news of the answer is focused when the page loads (data-focus-on-load, app/enhance/forms.js). */}
      <div>
        {search.get("welcome") && !result && (
          <p className="notice" tabIndex={-1} role="status" data-focus-on-load="">
            {t("alerts.manage.thanks")} {email && !email.confirmed ? `${t("alerts.manage.linkSent", { address: email.address })} ` : ""}
            {sms && !sms.confirmed ? `${t("alerts.manage.enterCode")} ` : ""}
          </p>
        )}
        {problems.includes("email-failed") && <p className="notice notice--error">{t("alerts.manage.emailFailed")}</p>}
        {problems.includes("sms-failed") && <p className="notice notice--error">{t("alerts.manage.smsFailed")}</p>}
        {result?.message && (
          <p className="notice" tabIndex={-1} role="status" data-focus-on-load="">
            {result.message}
          </p>
        )}
        <ErrorSummary errors={result?.errors ?? {}} />
      </div>

      <h2>{t("alerts.manage.where")}</h2>
      <ul className="alerts-status">
        {sub.endpoints.length === 0 && <li>{t("alerts.manage.noAddress")}</li>}
        {sub.endpoints.map((e) => (
          <li key={e.channel}>
            <strong>{t(CHANNEL_KEYS[e.channel].label)}</strong>: {e.address} —{" "}
            {e.confirmed ? t("alerts.manage.on") : t("alerts.manage.waiting")}
            <Form method="post" className="alerts-inline">
              <input type="hidden" name="intent" value="stop-channel" />
              <input type="hidden" name="channel" value={e.channel} />
              <button type="submit" className="button button--secondary">
                {t(CHANNEL_KEYS[e.channel].stop)}
              </button>
            </Form>
          </li>
        ))}
      </ul>

      {sms && !sms.confirmed && (
        <section aria-labelledby="code-title">
          <h2 id="code-title">{t("alerts.manage.confirmMobile")}</h2>
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="verify-sms" />
            <Field id="code" label={t("alerts.manage.code")} hint={t("alerts.manage.code.hint")} error={result?.errors.code}>
              {(p) => <input {...p} type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={7} className="input--short" />}
            </Field>
            <div className="alerts-actions">
              <button type="submit" className="button">
                {t("alerts.manage.confirm")}
              </button>
            </div>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="resend-sms" />
            <button type="submit" className="button button--secondary">
              {t("alerts.manage.newCode")}
            </button>
          </Form>
        </section>
      )}

      {channels.includes("push") && !push && (
        <PushButton token={params.token} vapidPublicKey={vapidPublicKey} autoOffer={search.get("push") === "1"} />
      )}

      <h2>{t("alerts.manage.areas")}</h2>
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="update" />
        <AreaPicker choices={choices} selected={selected} error={result?.errors.areas} />
        <label className="alerts-check">
          <input type="checkbox" name="notifyFinished" defaultChecked={sub.notifyFinished} /> {t("alerts.finished")}
        </label>
        <div className="alerts-actions">
          <button type="submit" className="button">
            {t("alerts.manage.save")}
          </button>
        </div>
      </Form>

      <h2>{t("alerts.manage.stop")}</h2>
      <Form method="post">
        <input type="hidden" name="intent" value="stop" />
        <button type="submit" className="button button--danger">
          {t("alerts.stop.button")}
        </button>
      </Form>
      <p className="field__hint">{t("alerts.manage.replyStop")}</p>
      <details>
        <summary>{t("alerts.manage.agreed")}</summary>
        <p>{CONSENT_TEXTS[locale]}</p>
      </details>
    </div>
  );
}

/**
 * Browser notifications: needs scripts, a service worker and the visitor's permission. Rendered
 * hidden; app/enhance/forms.js shows it where the browser has them, asks, sends the subscription
 * and shows the one line of its outcome (data-push-state).
 */
function PushButton({ token, vapidPublicKey, autoOffer }: { token: string; vapidPublicKey: string; autoOffer: boolean }) {
  const t = useT(alertMessages);
  const locale = useLocale();
  if (!vapidPublicKey) return null;
  return (
    <section
      aria-labelledby="push-title"
      className={autoOffer ? "alerts-consent" : undefined}
      data-push-token={token}
      data-push-key={vapidPublicKey}
      hidden
    >
      <h2 id="push-title">{t("alerts.push.title")}</h2>
      <p role="status" data-push-state="on" hidden>
        {t("alerts.push.on")}
      </p>
      <div data-push-ask="">
        <p>
          {t("alerts.push.ask")} {CONSENT_TEXTS[locale]}
        </p>
        <button type="button" className="button">
          {t("alerts.push.button")}
        </button>
        <p className="field__error" data-push-state="denied" hidden>
          {t("alerts.push.denied")}
        </p>
        <p className="field__error" data-push-state="failed" hidden>
          {t("alerts.push.failed")}
        </p>
      </div>
    </section>
  );
}

/** A form page without React: app/enhance/forms.js focuses the answer and offers notifications (root.tsx reads the flag). */
export const handle = { forms: true };
