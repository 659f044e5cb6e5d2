/**
 * /alerts/manage/:token: the link in every message. Confirm the SMS code, turn on browser
 * notifications, change the areas, stop one channel or everything. The token is the only key.
 */
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { z } from "zod";
import { TOO_MANY_CONFIRMATIONS } from "../../../modules/alerts/confirmation-limits.server";
import { ALERT_CHANNELS, CHANNEL_LABELS, CONSENT_TEXT, smsConfirmationText } from "../../../modules/alerts/messages";
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
import { maskMobile } from "../../../modules/shared/phone";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { ErrorSummary, Field } from "../../components/ui/Field";
import { services } from "../../context";
import type { Route } from "./+types/manage";
import { AreaPicker } from "./AreaPicker";
import { alertsRuntime, offeredChannels, readAreas } from "./alerts.server";
import "./alerts.css";

export const meta: Route.MetaFunction = () => [
  { title: `Your interruption alerts | ${COOPERATIVE.shortName}` },
  { name: "robots", content: "noindex" },
];
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

export async function loader({ context, params }: Route.LoaderArgs) {
  const s = services(context);
  const subscription = await getSubscription(s.db, params.token);
  if (!subscription)
    throw data("This alerts link is not valid. It may have been mistyped; subscribe again if you need to.", { status: 404 });
  const runtime = alertsRuntime(s);
  return {
    subscription: {
      ...subscription,
      endpoints: subscription.endpoints.map((e) => ({
        ...e,
        address: e.channel === "sms" ? maskMobile(e.address) : e.channel === "push" ? "this browser" : e.address,
      })),
    },
    choices: await areaChoices(s.db),
    channels: offeredChannels(s),
    vapidPublicKey: runtime?.channels.vapidPublicKey ?? "",
  };
}

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
  const form = readForm(await request.formData(), manageSchema);
  const token = params.token;
  const reply = (r: Omit<ActionResult, "intent">, status = 200) =>
    data<ActionResult>({ intent: form.ok ? form.data.intent : "update", ...r }, { status });
  if (!form.ok) return reply({ errors: {} }, 400);
  const { intent, code, area, notifyFinished, channel } = form.data;
  switch (intent) {
    case "verify-sms": {
      if (!/^\d{6}$/.test(code)) return reply({ errors: { code: "Enter the 6 digits of the code we texted you." } }, 422);
      const r = await checkSmsCode(s.db, token, code);
      if (r.status === "confirmed")
        return reply({ errors: {}, message: "Your mobile number is confirmed. We will text you about interruptions in your areas." });
      const messages = {
        wrong: r.status === "wrong" ? `That code is not right. You have ${r.triesLeft} ${r.triesLeft === 1 ? "try" : "tries"} left.` : "",
        locked: "Too many wrong codes. Ask for a new code.",
        expired: "That code has expired (codes last 10 minutes). Ask for a new code.",
        none: "There is no number waiting for a code.",
      };
      return reply({ errors: { code: messages[r.status] } }, 422);
    }
    case "resend-sms": {
      const runtime = alertsRuntime(s);
      if (!runtime?.channels.sms) return reply({ errors: { code: "There is no number waiting for a code." } }, 422);
      const renewed = await renewSmsCode(s.db, token);
      if (renewed.status === "none") return reply({ errors: { code: "There is no number waiting for a code." } }, 422);
      if (renewed.status !== "renewed")
        return reply(
          {
            errors: {
              code:
                renewed.status === "limit"
                  ? TOO_MANY_CONFIRMATIONS.sms
                  : `We just sent a code. You can ask for another in ${renewed.retryAfterSeconds} seconds.`,
            },
          },
          429,
        );
      const sent = await runtime.channels.sms.send(renewed.mobile, smsConfirmationText(renewed.code, renewed.language));
      return sent.ok
        ? reply({ errors: {}, message: "We sent a new code. It works for 10 minutes." })
        : reply({ errors: { code: "We could not send a code just now. Please try again in a few minutes." } }, 503);
    }
    case "update": {
      const choices = await areaChoices(s.db);
      const known = new Map(choices.flatMap((c) => c.barangays.map((b) => [b.id, c.town] as const)));
      const areas = readAreas(area, known);
      if (areas.length === 0) return reply({ errors: { areas: "Choose at least one town or barangay, or stop all alerts below." } }, 422);
      await updateSubscription(s.db, token, { areas, notifyFinished });
      return reply({ errors: {}, message: "Your areas are saved." });
    }
    case "stop-channel": {
      if (!channel) return reply({ errors: {} }, 400);
      await stopSubscription(s.db, token, channel);
      return reply({ errors: {}, message: `${CHANNEL_LABELS[channel]} alerts are stopped.` });
    }
    case "stop":
      await stopSubscription(s.db, token);
      return redirect(`/alerts/manage/${token}?stopped=1`);
  }
}

export default function Manage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { subscription: sub, choices, channels, vapidPublicKey } = loaderData;
  const result = actionData as ActionResult | undefined;
  const [search] = useSearchParams();
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    summaryRef.current?.querySelector<HTMLElement>(".error-summary, .notice")?.focus();
  }, [result]);
  const email = sub.endpoints.find((e) => e.channel === "email");
  const sms = sub.endpoints.find((e) => e.channel === "sms");
  const push = sub.endpoints.find((e) => e.channel === "push");
  const selected = new Set(sub.areas.map((a) => (a.barangayId ? `${a.town}:${a.barangayId}` : a.town)));
  const problems = (search.get("problem") ?? "").split(",");

  if (sub.stopped) {
    return (
      <div className="container page alerts-page">
        <h1>Alerts stopped</h1>
        <p>You will get no more interruption alerts from {COOPERATIVE.shortName}. Nothing more will be sent to the addresses you gave.</p>
        <p>
          <Link to="/alerts">Subscribe again</Link> · <Link to="/news/power-interruptions">Power interruptions</Link>
        </p>
      </div>
    );
  }

  return (
    <div className="container page alerts-page">
      <Breadcrumb items={[{ label: "Interruption alerts", to: "/alerts" }, { label: "Your alerts" }]} />
      <h1>Your interruption alerts</h1>
      <p className="notice">
        Keep this page's address private: anyone with it can change or stop your alerts. Every message we send has this link.
      </p>
      <div ref={summaryRef}>
        {search.get("welcome") && !result && (
          <p className="notice" tabIndex={-1} role="status">
            Thank you. {email && !email.confirmed ? `We sent a confirmation link to ${email.address}; follow it within 48 hours. ` : ""}
            {sms && !sms.confirmed ? "Enter the code we texted you below. " : ""}
          </p>
        )}
        {problems.includes("email-failed") && (
          <p className="notice notice--error">
            We could not send the confirmation e-mail just now. Please subscribe again in a few minutes.
          </p>
        )}
        {problems.includes("sms-failed") && (
          <p className="notice notice--error">We could not text your code just now. Use “Send a new code” below in a few minutes.</p>
        )}
        {result?.message && (
          <p className="notice" tabIndex={-1} role="status">
            {result.message}
          </p>
        )}
        <ErrorSummary errors={result?.errors ?? {}} />
      </div>

      <h2>Where we send them</h2>
      <ul className="alerts-status">
        {sub.endpoints.length === 0 && <li>No address yet.</li>}
        {sub.endpoints.map((e) => (
          <li key={e.channel}>
            <strong>{CHANNEL_LABELS[e.channel]}</strong>: {e.address} — {e.confirmed ? "on" : "waiting for confirmation"}
            <Form method="post" className="alerts-inline">
              <input type="hidden" name="intent" value="stop-channel" />
              <input type="hidden" name="channel" value={e.channel} />
              <button type="submit" className="button button--secondary">
                Stop {e.channel === "sms" ? "SMS" : e.channel === "email" ? "e-mail" : "notifications"}
              </button>
            </Form>
          </li>
        ))}
      </ul>

      {sms && !sms.confirmed && (
        <section aria-labelledby="code-title">
          <h2 id="code-title">Confirm your mobile number</h2>
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="verify-sms" />
            <Field id="code" label="6-digit code" hint="The code works for 10 minutes; you have 5 tries." error={result?.errors.code}>
              {(p) => <input {...p} type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={7} className="input--short" />}
            </Field>
            <div className="alerts-actions">
              <button type="submit" className="button">
                Confirm
              </button>
            </div>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="resend-sms" />
            <button type="submit" className="button button--secondary">
              Send a new code
            </button>
          </Form>
        </section>
      )}

      {channels.includes("push") && !push && (
        <PushButton token={params.token} vapidPublicKey={vapidPublicKey} autoOffer={search.get("push") === "1"} />
      )}

      <h2>Your areas</h2>
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="update" />
        <AreaPicker choices={choices} selected={selected} error={result?.errors.areas} />
        <label className="alerts-check">
          <input type="checkbox" name="notifyFinished" defaultChecked={sub.notifyFinished} /> Also tell me when the power is back
        </label>
        <div className="alerts-actions">
          <button type="submit" className="button">
            Save areas
          </button>
        </div>
      </Form>

      <h2>Stop</h2>
      <Form method="post">
        <input type="hidden" name="intent" value="stop" />
        <button type="submit" className="button button--danger">
          Stop all alerts
        </button>
      </Form>
      <p className="field__hint">By SMS, you can also reply STOP to any of our messages.</p>
      <details>
        <summary>What you agreed to</summary>
        <p>{CONSENT_TEXT}</p>
      </details>
    </div>
  );
}

/** Browser notifications: needs scripts, a service worker and the visitor's permission. */
function PushButton({ token, vapidPublicKey, autoOffer }: { token: string; vapidPublicKey: string; autoOffer: boolean }) {
  const [state, setState] = useState<"unsupported" | "ready" | "working" | "on" | "denied" | "failed">("unsupported");
  useEffect(() => {
    if ("serviceWorker" in navigator && "PushManager" in window && vapidPublicKey) setState("ready");
  }, [vapidPublicKey]);
  if (state === "unsupported") return null;
  async function turnOn() {
    setState("working");
    try {
      const registration = (await navigator.serviceWorker.getRegistration("/")) ?? (await navigator.serviceWorker.register("/sw.js"));
      await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(vapidPublicKey),
      });
      const response = await fetch("/api/v1/alerts/push-subscriptions", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token, subscription: subscription.toJSON() }),
      });
      setState(response.ok ? "on" : "failed");
    } catch {
      setState(Notification.permission === "denied" ? "denied" : "failed");
    }
  }
  return (
    <section aria-labelledby="push-title" className={autoOffer ? "alerts-consent" : undefined}>
      <h2 id="push-title">Notifications in this browser</h2>
      {state === "on" ? (
        <p role="status">Notifications are on in this browser.</p>
      ) : (
        <>
          <p>Your browser will ask you to allow notifications from this site. {CONSENT_TEXT}</p>
          <button type="button" className="button" onClick={turnOn} disabled={state === "working"}>
            Turn on notifications
          </button>
          {state === "denied" && <p className="field__error">Notifications are blocked for this site in your browser settings.</p>}
          {state === "failed" && <p className="field__error">Notifications could not be turned on. Please try again.</p>}
        </>
      )}
    </section>
  );
}

function base64UrlToBytes(s: string): Uint8Array<ArrayBuffer> {
  const b64 = (s + "=".repeat((4 - (s.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** This page loads React (root.tsx reads the flag): its buttons and checks run in the browser. */
export const handle = { hydrate: true };
