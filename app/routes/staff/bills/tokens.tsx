/**
 * /staff/bills/tokens: the billing system's integration tokens (administrators only). A token is
 * shown once when made; revoking one stops it at once. Both are in the audit log, and so is
 * every import made with a token (server/api/v1/billing.ts).
 */
import { data, Form, Link } from "react-router";
import { z } from "zod";
import { issueBillingToken, listBillingTokens, revokeBillingToken } from "../../../../modules/bills/tokens.server";
import { formatDateTime } from "../../../../modules/shared/dates";
import { readForm } from "../../../../modules/shared/forms";
import { recordAudit } from "../../../../modules/staff/audit.server";
import { ErrorSummary, Field } from "../../../components/ui/Field";
import { services } from "../../../context";
import { ConsoleTable } from "../ConsoleTable";
import { intentOf, postedForm } from "../form.server";
import { requireStaff, staffServices } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import { consoleMeta } from "../title";
import type { Route } from "./+types/tokens";

export const handle: ConsoleHandle = { staff: "billing.tokens" };

const tokenFormSchema = z.object({
  name: z.string().trim().min(1, "Name the integration, like “Billing system nightly job”.").max(100, "At most 100 characters."),
});

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "billing.tokens");
  const tokens = await listBillingTokens(services(args.context).db);
  return {
    tokens: tokens.map((k) => ({
      id: k.id,
      name: k.name,
      createdAt: formatDateTime(k.createdAt),
      lastUsedAt: k.lastUsedAt ? formatDateTime(k.lastUsedAt) : null,
      revokedAt: k.revokedAt ? formatDateTime(k.revokedAt) : null,
    })),
  };
}

type ActionResult = { issued?: { name: string; token: string }; errors: { name?: string }; name?: string };

export async function action(args: Route.ActionArgs) {
  const me = await requireStaff(args, "billing.tokens");
  const db = services(args.context).db;
  const st = staffServices(args);
  const form = await postedForm(args.request);
  const audit = { actorId: me.id, actorEmail: me.email, ip: st.ip, userAgent: st.userAgent };
  if (intentOf(form, ["revoke"]) === "revoke") {
    const revoke = readForm(form, z.object({ id: z.number().int().positive() }));
    if (revoke.ok) {
      const { id } = revoke.data;
      await db.transaction(async (tx) => {
        if (await revokeBillingToken(tx, id))
          await recordAudit(tx, { ...audit, action: "billing_token.revoked", objectType: "billing_token", objectId: id });
      });
    }
    return data<ActionResult>({ errors: {} });
  }
  const posted = readForm(form, tokenFormSchema);
  if (!posted.ok) return data<ActionResult>({ errors: { name: posted.errors.name }, name: posted.values.name?.trim() }, { status: 422 });
  const { name } = posted.data;
  const issued = await db.transaction(async (tx) => {
    const t = await issueBillingToken(tx, { name, actorId: me.id });
    await recordAudit(tx, { ...audit, action: "billing_token.issued", objectType: "billing_token", objectId: t.id, after: { name } });
    return t;
  });
  return data<ActionResult>({ issued: { name, token: issued.token }, errors: {} }, { headers: { "Cache-Control": "no-store" } });
}

export const meta: Route.MetaFunction = () => consoleMeta("Billing tokens");

export default function BillingTokens({ loaderData: d, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  return (
    <>
      <p>
        <Link to="/staff/bills">Bills and payments</Link>
      </p>
      <h1>Billing system tokens</h1>
      <p>
        A token lets one of the billing system's jobs send bill and payment files to <code>POST /api/v1/billing/bills</code> and{" "}
        <code>/api/v1/billing/payments</code> (header <code>Authorization: Bearer …</code>). Make one per integration, so each can be
        revoked alone. Every use is in the audit log.
      </p>
      {result?.issued && (
        <div className="console-status" role="status">
          Token for {result.issued.name}, shown only now: copy it into the job's settings.
          <p className="console-code">{result.issued.token}</p>
        </div>
      )}
      <section className="console-card">
        <h2>Make a token</h2>
        <ErrorSummary errors={result?.errors ?? {}} />
        <Form method="post" noValidate>
          <Field id="name" label="Integration" error={result?.errors.name}>
            {(p) => <input {...p} type="text" maxLength={100} defaultValue={result?.name} />}
          </Field>
          <button type="submit" className="button">
            Make a token
          </button>
        </Form>
      </section>
      <h2>Tokens</h2>
      <ConsoleTable columns={["Integration", "Made", "Last used", "State"]}>
        {d.tokens.map((k) => (
          <tr key={k.id}>
            <td>{k.name}</td>
            <td>{k.createdAt}</td>
            <td>{k.lastUsedAt ?? "never"}</td>
            <td>
              {k.revokedAt ? (
                `Revoked ${k.revokedAt}`
              ) : (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="id" value={k.id} />
                  <button type="submit" className="button button--secondary" aria-label={`Revoke the token of ${k.name}`}>
                    Revoke
                  </button>
                </Form>
              )}
            </td>
          </tr>
        ))}
      </ConsoleTable>
    </>
  );
}
