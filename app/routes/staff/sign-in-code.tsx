/** Staff sign-in, step two: the code from the authenticator app, or a backup code. */
import { data, Form, Link, redirect } from "react-router";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { ErrorSummary, Field, useFocusOnAnswer } from "../../components/ui/Field";
import { services } from "../../context";
import type { Route } from "./+types/sign-in-code";
import { readPosted } from "./form.server";
import { safeNext, staffServices } from "./guard.server";
import { attemptCode, codeFormSchema } from "./sign-in.server";
import { consoleMeta } from "./title";
import "./console.css";
import type { ConsoleHandle } from "./nav";

export const handle: ConsoleHandle = { staff: "public" };

export const meta: Route.MetaFunction = () => consoleMeta("Enter your code");

/** better-auth's cookie that carries the pending two-factor step (10 minutes). */
const hasPendingStep = (request: Request) => /staff\.two_factor=/.test(request.headers.get("cookie") ?? "");

export async function loader(args: Route.LoaderArgs) {
  const next = safeNext(new URL(args.request.url).searchParams.get("next"));
  const me = await staffServices(args).current();
  if (me?.enrolled) throw redirect(next);
  if (!hasPendingStep(args.request)) throw redirect("/staff/sign-in");
  return { next };
}

export async function action(args: Route.ActionArgs) {
  const form = await readPosted(args.request, codeFormSchema);
  if (!form.ok) return data({ errors: { code: form.errors.code } }, { status: 400 });
  const { code } = form.data;
  const next = safeNext(form.data.next);
  if (!hasPendingStep(args.request)) throw redirect("/staff/sign-in");
  const outcome = await attemptCode(staffServices(args), code, services(args.context).alerts?.channels.mail);
  if (outcome.kind === "signed-in") throw redirect(next);
  if (outcome.kind === "code") throw redirect("/staff/sign-in");
  return data({ errors: { code: outcome.message } }, { status: outcome.kind === "throttled" ? 429 : 400 });
}

export default function SignInCode({ loaderData, actionData }: Route.ComponentProps) {
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const summary = useFocusOnAnswer(actionData?.errors);
  return (
    <main id="console-main" className="console-narrow">
      <p className="console-narrow__brand">{`${COOPERATIVE.shortName} staff console`}</p>
      <div className="console-card">
        <h1>Enter your code</h1>
        <div ref={summary}>
          <ErrorSummary errors={errors} />
        </div>
        <Form method="post" noValidate>
          <input type="hidden" name="next" value={loaderData.next} />
          <Field
            id="code"
            label="Code"
            hint="The 6-digit code your authenticator app shows now, or one of your backup codes."
            error={errors.code}
          >
            {(p) => (
              <input {...p} type="text" inputMode="text" autoComplete="one-time-code" className="console-code-input" autoFocus required />
            )}
          </Field>
          <button type="submit" className="button">
            Sign in
          </button>
        </Form>
      </div>
      <p>
        <Link to="/staff/sign-in">Start again</Link>
      </p>
    </main>
  );
}
