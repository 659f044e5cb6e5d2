/**
 * /agam-registration: account look-up, one topic at a time, then Proceed.
 * Every step is a POST answered by the action (answers ride in hidden fields); no React in
 * the browser: app/enhance/forms.js keeps Next for a choice and checks the reason before sending.
 */
import { Fragment } from "react";
import { data, Form, Link, redirect, type ShouldRevalidateFunction } from "react-router";
import { registrationWindowState, windowState } from "../../../modules/agam/admin.server";
import { accountNumberSchema, findMember, listTopics, register, registrationSchema } from "../../../modules/agam/pool.server";
import { confirmationPath, originOrDefault, REASON_MAX } from "../../../modules/agam/rules";
import { hasProof, issuePortalProof, memberMobile, secondFactorMethods } from "../../../modules/agam/second-factor.server";
import { announceContentChange } from "../../../modules/content/context";
import { maskMemberName } from "../../../modules/members/mask";
import { createPrivateLink } from "../../../modules/privacy/private-links.server";
import { now } from "../../../modules/shared/clock";
import { ACCOUNT_NUMBER_EXAMPLE, COOPERATIVE } from "../../../modules/shared/constants";
import { formatDateTime } from "../../../modules/shared/dates";
import { failureInit, fieldErrorsOf, loggableError } from "../../../modules/shared/errors";
import { type Locale, localeOfPath, localePath, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { AccountNumberField, ErrorSummary, Field, FieldSet } from "../../components/ui/Field";
import { services } from "../../context";
import { requestLocale, requestT, useLocalePath, useT } from "../../i18n";
import { SWITCH_FIELD, SWITCH_FORM_ID } from "../../language-switch";
import { agamMessages } from "../../messages/agam";
import { agamRegistrationMessages } from "../../messages/agam-registration";
import { formMessages } from "../../messages/forms";
import { requireLinkedAccount } from "../mco/account.server";
import { clientIp } from "../mco/session.server";
import type { Route } from "./+types/registration";
import { keptRegistrationSettings } from "./kept.server";
import {
  type Answers,
  checkDecision,
  type FlowState,
  type FlowTopic,
  firstUnanswered,
  MASKED_EMAIL,
  MASKED_PHONE,
  MESSAGES,
  newKey,
  readAnswers,
  type StatusMessage,
} from "./registration-flow";
import { SecondFactor } from "./SecondFactor";
import { secondFactorFields, secondFactorStep } from "./second-factor.server";
import "./agam.css";
import { z } from "zod";
import { readForm } from "../../../modules/shared/forms";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = ({ location }) => {
  const t = translator(agamMessages, localeOfPath(location.pathname));
  const r = translator(agamRegistrationMessages, localeOfPath(location.pathname));
  return [
    { title: `${t("agam.title")} | ${COOPERATIVE.shortName}` },
    { name: "description", content: r("agam.description", { org: COOPERATIVE.shortName }) },
  ];
};

/** Why registration is closed, with its window in the page's language. */
function closedText(window: Awaited<ReturnType<typeof registrationWindowState>>, locale: Locale): string | null {
  if (window.open) return null;
  const r = translator(agamRegistrationMessages, locale);
  const times = { from: formatDateTime(window.window.opensAt, locale), to: formatDateTime(window.window.closesAt, locale) };
  return window.reason === "not_yet" ? r("agam.closed.notYet", times) : r("agam.closed.ended", times);
}

/** Answers carry a member's name and address: never stored by browsers or proxies. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

/** The topics do not change between steps: no reload after each post. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? false : defaultShouldRevalidate;

export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = originOrDefault(new URL(request.url).searchParams.get("origin"));
  // Kept until staff change them (a content change); open or closed is decided from the clock now.
  const settings = await keptRegistrationSettings(services(context));
  const topics: FlowTopic[] = settings.topics;
  return { origin, topics, closed: closedText(windowState(settings.window, now()), requestLocale(request)) };
}

/** The fields of the registration form, as text: each step checks the ones it needs. */
const flowFields = z.object({
  origin: z.string(),
  intent: z.string(),
  account: z.string().transform((v) => v.slice(0, 40)),
  proof: z.string(),
  phone: z.string().transform((v) => v.slice(0, 40)),
  email: z.string().transform((v) => v.slice(0, 260)),
  step: z.string(),
  decision: z.string(),
  reason: z.string(),
  /** Carried by the language switch from the second-factor step: which step, and whether a code went out. */
  view: z.string(),
  codeSent: z.string(),
});

export async function action({ request, context }: Route.ActionArgs) {
  const { db, contentChanged, log, sendText, publicUrl, databaseFailed } = services(context);
  const locale = requestLocale(request);
  const t = requestT(agamMessages, request);
  const r = requestT(agamRegistrationMessages, request);
  // Outside the registration window nothing is looked up and nothing is stored.
  const window = await registrationWindowState(db, now());
  if (!window.open) return data({ closed: closedText(window, locale) }, { status: 403 });
  const form = await request.formData();
  // Every step posts the same form; the fields are checked where the step needs them.
  const fields = readForm(form, flowFields);
  if (!fields.ok) return data({ closed: null }, { status: 400 });
  const f = fields.data;
  const origin = originOrDefault(f.origin || new URL(request.url).searchParams.get("origin"));
  const typed = f.account.trim();
  const key = newKey();
  // The language switch posted the form in view (app/language-switch.ts): the same step again in
  // this language, nothing sent, spent or registered. Before the look-up, what was typed as it was.
  const switching = form.has(SWITCH_FIELD);
  const intent = switching ? "switch" : f.intent || "lookup";
  if (switching && !f.proof && f.view !== "verify") return data<FlowState>({ key, view: "default", origin, account: typed });

  const parsed = accountNumberSchema.safeParse(typed);
  if (!parsed.success) {
    const accountError = r(typed ? "agam.error.accountFormat" : "agam.error.accountMissing", { example: ACCOUNT_NUMBER_EXAMPLE });
    return data<FlowState>({ key, view: "default", origin, account: typed, accountError }, { status: 400 });
  }
  const account = parsed.data;
  // From the member portal: a signed-in member's linked account was proven there already.
  // Not signed in: the portal's sign-in; an account not linked to this member: 404 (thrown).
  const portalMember = intent === "portal" ? (await requireLinkedAccount(request, context, account)).member : null;

  try {
    const [member, topics] = await Promise.all([findMember(db, account), listTopics(db)]);
    if (!member)
      return data<FlowState>({ key, view: "not-exist", origin, account, message: { kind: "error", text: t(MESSAGES.notExist) } });
    const registeredNotice: FlowState = {
      key,
      view: "registered",
      origin,
      account,
      message: {
        kind: "error",
        text: r(MESSAGES.registered),
        link: { href: localePath(locale, confirmationPath(origin, account)), label: r("agam.clickHere") },
      },
    };
    if (member.registered > 0) return data(registeredNotice);

    // The second factor (modules/agam/second-factor.server.ts): nothing personal, no vote, without it.
    const send = sendText;
    const methods = (await secondFactorMethods(db, account, { send }))!;
    const verify = (extra: { message?: StatusMessage; codeSent?: boolean; errors?: { code?: string; pin?: string } }, status = 200) =>
      data<FlowState>(
        {
          key,
          view: "verify",
          origin,
          account,
          maskedName: maskMemberName(member.name),
          sms: methods.sms,
          pin: methods.pin,
          codeSent: extra.codeSent ?? false,
          errors: extra.errors ?? {},
          message: extra.message,
        },
        { status },
      );
    if (intent === "portal") {
      const { proof } = await issuePortalProof(db, account, { portalUserId: portalMember!.userId, ip: clientIp(context) });
      return data<FlowState>({
        key,
        view: "exist",
        origin,
        account,
        member: { name: maskMemberName(member.name) },
        proof,
        answers: {},
        step: 0,
        errors: {},
        phone: "",
        email: "",
        message: { kind: "success", text: r(MESSAGES.found) },
      });
    }
    if (switching && !f.proof) return verify({ codeSent: f.codeSent === "1" && Boolean(methods.sms) });
    if (intent === "lookup") {
      if (!methods.sms && !methods.pin) return verify({ message: { kind: "error", text: r("agam.msg.neither") } });
      return verify({ message: { kind: "success", text: r(MESSAGES.verify) } });
    }
    if (intent === "send-code" || intent === "check-code" || intent === "check-pin") {
      const factor = readForm(form, secondFactorFields);
      if (!factor.ok) return data<FlowState>({ key, view: "default", origin, account }, { status: 400 });
      const step = await secondFactorStep(db, send, account, factor.data, locale, services(context).alerts?.channels.mail);
      if ("proof" in step) {
        return data<FlowState>({
          key,
          view: "exist",
          origin,
          account,
          member: { name: maskMemberName(member.name) },
          proof: step.proof,
          answers: {},
          step: 0,
          errors: {},
          phone: "",
          email: "",
          message: { kind: "success", text: r(MESSAGES.found) },
        });
      }
      return verify(step, step.status);
    }

    const proof = f.proof;
    if (!(await hasProof(db, account, proof))) return verify({ message: { kind: "error", text: r(MESSAGES.proofMissing) } }, 403);
    const base = {
      key,
      view: "exist" as const,
      origin,
      account,
      proof,
      member: { name: maskMemberName(member.name) },
      phone: f.phone,
      email: f.email,
    };

    const answers = readAnswers(form, topics);
    const stepRaw = Number(f.step);
    const step = Number.isInteger(stepRaw) ? Math.min(Math.max(stepRaw, 0), topics.length) : 0;

    if (switching) {
      const draft = {
        decision: f.decision === "1" || f.decision === "0" ? f.decision : "",
        reason: f.reason.slice(0, REASON_MAX),
      } as const;
      return data<FlowState>({ ...base, answers, step, errors: {}, draft });
    }
    if (intent === "back") return data<FlowState>({ ...base, answers, step: Math.max(0, step - 1), errors: {} });

    if (intent === "next" && step < topics.length) {
      const checked = checkDecision(f.decision, f.reason, r);
      if ("errors" in checked) {
        const text = checked.errors.decision ?? checked.errors.reason ?? r(MESSAGES.chooseDecision);
        const draft: { decision: "" | "1" | "0"; reason: string } = {
          decision: f.decision === "1" || f.decision === "0" ? f.decision : "",
          reason: f.reason.slice(0, REASON_MAX),
        };
        return data<FlowState>(
          { ...base, answers, step, errors: checked.errors, draft, message: { kind: "error", text } },
          { status: 422 },
        );
      }
      const next: Answers = { ...answers, [topics[step]!.sequenceNumber]: checked.answer };
      const to = step + 1 < topics.length ? step + 1 : firstUnanswered(topics, next);
      return data<FlowState>({ ...base, answers: next, step: to, errors: {} });
    }

    // Proceed: the registration and every decision in one transaction.
    const missing = firstUnanswered(topics, answers);
    if (missing < topics.length) {
      return data<FlowState>(
        { ...base, answers, step: missing, errors: {}, message: { kind: "error", text: r("agam.msg.answerFirst", { n: missing + 1 }) } },
        { status: 422 },
      );
    }
    const registration = registrationSchema.safeParse({
      account,
      origin,
      phone: base.phone,
      email: base.email,
      decisions: topics.map((t) => ({
        topicSequence: t.sequenceNumber,
        topicId: t.id,
        value: answers[t.sequenceNumber]!.value,
        reason: answers[t.sequenceNumber]!.reason,
      })),
    });
    const result = registration.success
      ? await register(db, registration.data)
      : ({ ok: false, reason: "invalid", fields: fieldErrorsOf(registration.error.issues) } as const);
    if (result.ok) {
      // Tell the live dashboard (every process, through Redis when configured).
      await announceContentChange({ contentChanged, log }, "agam");
      // The confirmation's own link: a random token, shown once (this redirect) and sent by text.
      const token = await createPrivateLink(db, "agam-confirmation", result.reference);
      const link = localePath(locale, `/agam-registration/confirmation/${token}`);
      const mobile = member && (await memberMobile(db, account));
      if (send && mobile)
        await send(mobile, r("agam.sms.confirmed", { reference: result.reference, link: `${publicUrl}${link}` })).catch(() => {});
      return redirect(link);
    }
    if (result.reason === "already_registered") return data(registeredNotice);
    if (result.reason === "unknown_account")
      return data<FlowState>({ key, view: "not-exist", origin, account, message: { kind: "error", text: t(MESSAGES.notExist) } });
    const errors = {
      phone: result.fields.phone && r("agam.error.phone"),
      email: result.fields.email && r("agam.error.email"),
    };
    const badTopic = Object.keys(result.fields)
      .map((f) => /^decisions\.(\d+)\./.exec(f)?.[1])
      .find((i) => i !== undefined);
    const text = errors.phone ?? errors.email ?? r("agam.msg.checkAnswers");
    return data<FlowState>(
      { ...base, answers, step: badTopic !== undefined ? Number(badTopic) : topics.length, errors, message: { kind: "error", text } },
      { status: 422 },
    );
  } catch (error) {
    if (!databaseFailed(error)) log.error({ err: loggableError(error) }, "agam registration step failed");
    return data<FlowState>(
      { key, view: "default", origin, account, message: { kind: "error", text: r(MESSAGES.failed) } },
      failureInit(error),
    );
  }
}

export default function AgamRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const closed = (actionData && "closed" in actionData ? actionData.closed : null) ?? loaderData.closed;
  if (closed) return <RegistrationClosed message={closed} />;
  return <RegistrationOpen loaderData={loaderData} actionData={actionData as FlowState | undefined} />;
}

function RegistrationClosed({ message }: { message: string }) {
  const t = useT(agamMessages);
  const r = useT(agamRegistrationMessages);
  const lp = useLocalePath();
  return (
    <div className="container page agam">
      <Breadcrumb items={[{ label: t("agam.title") }]} />
      <h1>{t("agam.title")}</h1>
      <div className="agam-closed" role="status">
        <h2 className="agam__subtitle">{r("agam.closed.title")}</h2>
        <p>{message}</p>
        <p>
          {r("agam.closed.see")} <a href={lp("/agam-status")}>{r("agam.closed.countLink")}</a>
          {r("agam.closed.call", { phone: COOPERATIVE.phone })}
        </p>
      </div>
    </div>
  );
}

function RegistrationOpen({
  loaderData,
  actionData,
}: {
  loaderData: { origin: string; topics: FlowTopic[] };
  actionData: FlowState | undefined;
}) {
  const { topics } = loaderData;
  const state: FlowState = (actionData as FlowState | undefined) ?? {
    key: "initial",
    view: "default",
    origin: loaderData.origin,
    account: "",
  };
  const t = useT(agamMessages);
  const r = useT(agamRegistrationMessages);
  const lp = useLocalePath();
  const formAction = lp(`/agam-registration${state.origin === "web" ? "" : `?origin=${encodeURIComponent(state.origin)}`}`);
  const accountError = state.view === "default" ? state.accountError : undefined;
  const message = state.message;
  // An answer from the server: focus goes to its news (app/enhance/forms.js), to the error summary,
  // or, after a step with nothing to say, to the step's heading (RegistrationFlow).
  const answered = state.key !== "initial" && !accountError && Boolean(message);

  return (
    <div className="container page agam">
      <Breadcrumb items={[{ label: t("agam.title") }]} />
      <h1>{t("agam.title")}</h1>
      <p className="agam__lead">{r("agam.lead")}</p>

      {accountError && <ErrorSummary errors={{ account: accountError }} />}

      <Form
        id={state.view === "exist" || (state.view === "verify" && (state.sms || state.pin)) ? undefined : SWITCH_FORM_ID}
        method="post"
        action={formAction}
        className="agam-lookup"
        noValidate
        aria-labelledby="agam-lookup-title"
      >
        <h2 id="agam-lookup-title" className="agam__subtitle">
          {r("agam.find")}
        </h2>
        <input type="hidden" name="origin" value={state.origin} />
        <div className="agam-lookup__row">
          <AccountNumberField id="account" error={accountError} defaultValue={state.account} className="agam-lookup__input" />
          <button className="button agam-lookup__button" type="submit" name="intent" value="lookup" data-busy-text={r("agam.check")}>
            {r("agam.check")}
          </button>
        </div>
      </Form>

      {/* data-form-status: where forms.js says what a step's own check found before sending. */}
      <div
        className="agam-status"
        id="agam-status"
        role="status"
        aria-live="polite"
        tabIndex={-1}
        data-form-status=""
        data-error-title={t("agam.oops")}
        data-focus-on-load={answered ? "" : undefined}
      >
        {message && (
          <p className={`notice notice--${message.kind}`}>
            <strong>{message.kind === "success" ? t("agam.success") : t("agam.oops")}</strong> {message.text}
            {message.link && (
              <>
                {" "}
                <Link to={message.link.href}>{message.link.label}</Link>
              </>
            )}
          </p>
        )}
      </div>

      {state.view === "registered" && (
        <section className="agam-contact agam-contact--locked" aria-label={r("agam.contactOnFile")}>
          <Field id="phone" label={r("agam.mobile")} hint={r("agam.onFileHint")}>
            {(p) => <input {...p} name={undefined} type="tel" readOnly placeholder={MASKED_PHONE} />}
          </Field>
          <Field id="email" label={r("agam.email")} hint={r("agam.onFileHint")}>
            {(p) => <input {...p} name={undefined} type="email" readOnly placeholder={MASKED_EMAIL} />}
          </Field>
        </section>
      )}

      {state.view === "verify" && <SecondFactor key={state.key} state={state} formAction={formAction} />}

      {state.view === "exist" && <RegistrationFlow key={state.key} state={state} topics={topics} formAction={formAction} />}
    </div>
  );
}

/**
 * One topic at a time, then the review: each Next or Back is a post, the server answers with the
 * step (and keeps the answers so far in hidden fields). app/enhance/forms.js keeps Next disabled
 * until a choice is made and says a missing reason beside its field before the page is sent.
 */
function RegistrationFlow({
  state,
  topics,
  formAction,
}: {
  state: Extract<FlowState, { view: "exist" }>;
  topics: FlowTopic[];
  formAction: string;
}) {
  const r = useT(agamRegistrationMessages);
  const f = useT(formMessages);
  const { answers, errors } = state;
  const step = Math.min(state.step, topics.length);
  const current = topics[step];
  const saved = current ? answers[current.sequenceNumber] : undefined;
  const decision = state.draft?.decision ?? (saved ? String(saved.value) : "");
  const reason = state.draft?.reason ?? saved?.reason ?? "";
  const primaryIntent = current ? "next" : "proceed";
  // Next waits for a choice; its check runs before the page is sent (app/enhance/forms.js).
  const nextCheck = current ? { "data-needs-choice": "decision" } : {};

  return (
    <>
      <section className="agam-member" aria-labelledby="agam-member-title">
        <h2 id="agam-member-title" className="agam__subtitle">
          {r("agam.member")}
        </h2>
        <dl className="agam-member__list">
          <div>
            <dt>{r("agam.name")}</dt>
            <dd>{state.member.name}</dd>
          </div>
        </dl>
      </section>

      <Form id={SWITCH_FORM_ID} method="post" action={`${formAction}#agam-step`} className="agam-form" noValidate>
        {/* Enter in a field does what the main button does (the first submit button wins). */}
        <button
          type="submit"
          name="intent"
          value={primaryIntent}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          {...nextCheck}
        >
          {current ? r("agam.next") : r("agam.proceed")}
        </button>
        <input type="hidden" name="origin" value={state.origin} />
        <input type="hidden" name="account" value={state.account} />
        <input type="hidden" name="proof" value={state.proof} />
        <input type="hidden" name="step" value={step} />
        {topics.map((t) => {
          const a = answers[t.sequenceNumber];
          if (!a) return null;
          return (
            <Fragment key={t.sequenceNumber}>
              <input type="hidden" name={`a${t.sequenceNumber}`} value={a.value} />
              {a.value === 0 && <input type="hidden" name={`r${t.sequenceNumber}`} value={a.reason} />}
            </Fragment>
          );
        })}

        <fieldset className="agam-contact">
          <legend className="agam__subtitle">{r("agam.contactDetails")}</legend>
          <Field id="phone" label={r("agam.mobile")} hint={r("agam.mobileHint")} error={errors.phone}>
            {(p) => <input {...p} type="tel" autoComplete="tel" inputMode="tel" maxLength={20} defaultValue={state.phone} />}
          </Field>
          <Field id="email" label={r("agam.email")} error={errors.email}>
            {(p) => <input {...p} type="email" autoComplete="email" maxLength={254} spellCheck={false} defaultValue={state.email} />}
          </Field>
        </fieldset>

        {current ? (
          <section className="agam-topic" aria-labelledby="agam-step">
            <h2 id="agam-step" className="agam-topic__title" tabIndex={-1} data-focus-on-load="">
              <span className="agam-topic__count">
                {r("agam.topicOf", { n: step + 1, total: topics.length })}
                <span className="visually-hidden">:</span>
              </span>{" "}
              {current.topic}
            </h2>
            <p className="agam-topic__desc">{current.description}</p>
            <FieldSet
              id="decision"
              className="field agam-decision"
              legendClassName="field__label"
              legend={r("agam.decision")}
              error={errors.decision}
            >
              <div className="agam-decision__choices">
                <label className="agam-choice">
                  <input type="radio" name="decision" value="1" defaultChecked={decision === "1"} />
                  <span>{r("agam.approve")}</span>
                </label>
                <label className="agam-choice">
                  <input type="radio" name="decision" value="0" defaultChecked={decision === "0"} />
                  <span>{r("agam.disapprove")}</span>
                </label>
              </div>
            </FieldSet>
            <div className={`agam-reason${decision === "0" ? " agam-reason--open" : ""}`}>
              <Field id="reason" label={r("agam.why")} hint={r("agam.whyHint")} error={errors.reason}>
                {(p) => (
                  <textarea
                    {...p}
                    rows={3}
                    maxLength={REASON_MAX}
                    defaultValue={reason}
                    data-required-when="decision=0"
                    data-required-message={r(MESSAGES.reasonRequired)}
                    data-error-prefix={f("form.error")}
                  />
                )}
              </Field>
            </div>
          </section>
        ) : (
          <section className="agam-review" aria-labelledby="agam-step">
            <h2 id="agam-step" className="agam__subtitle" tabIndex={-1} data-focus-on-load="">
              {r("agam.review")}
            </h2>
            <ol className="agam-review__list">
              {topics.map((topic) => {
                const a = answers[topic.sequenceNumber];
                return (
                  <li key={topic.sequenceNumber}>
                    <span className="agam-review__topic">{topic.topic}</span>{" "}
                    <strong className={a?.value === 0 ? "agam-review__no" : "agam-review__yes"}>
                      {a ? (a.value === 1 ? r("agam.approve") : r("agam.disapprove")) : r("agam.notAnswered")}
                    </strong>
                    {a?.value === 0 && (
                      <span className="agam-review__reason">
                        {r("agam.whyReview")} {a.reason}
                      </span>
                    )}
                  </li>
                );
              })}
            </ol>
            <p>{r("agam.proceedNote")}</p>
          </section>
        )}

        <div className="agam-actions">
          {step > 0 && (
            <button type="submit" name="intent" value="back" className="button button--secondary">
              {r("agam.back")}
            </button>
          )}
          {current ? (
            <button type="submit" name="intent" value="next" className="button" {...nextCheck}>
              {r("agam.next")}
            </button>
          ) : (
            <button type="submit" name="intent" value="proceed" className="button" data-busy-text={r("agam.submitting")}>
              {r("agam.proceed")}
            </button>
          )}
        </div>
      </Form>
    </>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);

/** The query parameters this page reads (the only ones in its server-cache key); app/enhance/forms.js enhances its forms. */
export const handle = { query: ["origin"], forms: true, switchForm: true };
