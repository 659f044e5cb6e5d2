/**
 * Staff sign-in, step one: e-mail and password (or a passkey, which alone is enough).
 * The answer never says whether an e-mail has an account; repeated failures slow down the
 * e-mail from that address and the address, with a higher ceiling for the e-mail from
 * everywhere (modules/staff/throttle.server.ts).
 */
import { useEffect, useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { ErrorSummary, Field, useFocusOnAnswer } from "../../components/ui/Field";
import type { Route } from "./+types/sign-in";
import type { FieldErrors } from "./form";
import { readPosted } from "./form.server";
import { safeNext, staffServices } from "./guard.server";
import { attemptPasswordSignIn, signInFormSchema } from "./sign-in.server";
import { consoleMeta } from "./title";
import "./console.css";
import type { ConsoleHandle } from "./nav";

export const handle: ConsoleHandle = { staff: "public" };

export const meta: Route.MetaFunction = () => consoleMeta("Sign in");

export async function loader(args: Route.LoaderArgs) {
  const me = await staffServices(args).current();
  const next = safeNext(new URL(args.request.url).searchParams.get("next"));
  if (me?.enrolled) throw redirect(next);
  return { next };
}

export async function action(args: Route.ActionArgs) {
  const form = await readPosted(args.request, signInFormSchema);
  if (!form.ok) return data({ errors: form.errors as FieldErrors, email: form.values.email?.trim() ?? "" }, { status: 400 });
  const { email, password } = form.data;
  const next = safeNext(form.data.next);

  const outcome = await attemptPasswordSignIn(staffServices(args), email, password);
  if (outcome.kind === "code") throw redirect(`/staff/sign-in/code?next=${encodeURIComponent(next)}`);
  if (outcome.kind === "signed-in") throw redirect(next);
  return data({ errors: { password: outcome.message }, email }, { status: outcome.kind === "throttled" ? 429 : 400 });
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const errors: FieldErrors = actionData?.errors ?? {};
  const summary = useFocusOnAnswer(actionData?.errors);
  const navigation = useNavigation();
  return (
    <main id="console-main" className="console-narrow">
      <p className="console-narrow__brand">{`${COOPERATIVE.shortName} staff console`}</p>
      <div className="console-card">
        <h1>Sign in</h1>
        <div ref={summary}>
          <ErrorSummary errors={errors} />
        </div>
        <Form method="post" noValidate>
          <input type="hidden" name="next" value={loaderData.next} />
          <Field id="email" label="E-mail address" error={errors.email}>
            {(p) => <input {...p} type="email" autoComplete="username webauthn" defaultValue={actionData?.email ?? ""} required />}
          </Field>
          <Field id="password" label="Password" error={errors.password}>
            {(p) => <input {...p} type="password" autoComplete="current-password" required />}
          </Field>
          <button type="submit" className="button" disabled={navigation.state === "submitting"}>
            Continue
          </button>
        </Form>
        <PasskeySignIn next={loaderData.next} />
      </div>
      <p>
        <a href="/">Back to the public website</a>
      </p>
    </main>
  );
}

/** Shown only once scripts run: a passkey needs the browser's WebAuthn API. */
function PasskeySignIn({ next }: { next: string }) {
  const [ready, setReady] = useState(false);
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => setReady(typeof window.PublicKeyCredential === "function"), []);
  if (!ready) return null;
  return (
    <div className="console-passkey">
      <p>Or, if you have set up a passkey on this device or a security key:</p>
      <button
        type="button"
        className="button button--secondary"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setMessage("");
          try {
            const { signInWithPasskey } = await import("./passkey.client");
            await signInWithPasskey();
            window.location.assign(next);
          } catch (error) {
            setMessage(error instanceof Error ? error.message : "The passkey sign-in failed.");
            setBusy(false);
          }
        }}
      >
        Sign in with a passkey
      </button>
      <p role="status" aria-live="polite" className="field__error">
        {message}
      </p>
    </div>
  );
}
