import { data, Form, Link } from "react-router";
import { z } from "zod";
import {
  issueOpen311Key,
  listOpen311Keys,
  open311KeyFormSchema,
  revokeOpen311Key,
} from "../../../../modules/interruptions/restoration-hub.server";
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
import type { Route } from "./+types/open311-keys";

/** What the permission-matrix test checks (tests/staff/permissions.test.ts). */
export const handle: ConsoleHandle = { staff: "incidents.manage" };

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "incidents.manage");
  const keys = await listOpen311Keys(services(args.context).db);
  return {
    keys: keys.map((k) => ({
      id: k.id,
      name: k.name,
      createdAt: formatDateTime(k.createdAt),
      revokedAt: k.revokedAt ? formatDateTime(k.revokedAt) : null,
    })),
  };
}

type ActionResult = { issued?: { name: string; key: string }; revoked?: string; errors: { name?: string }; name?: string };

export async function action(args: Route.ActionArgs) {
  const me = await requireStaff(args, "incidents.manage");
  const db = services(args.context).db;
  const st = staffServices(args);
  const form = await postedForm(args.request);
  const audit = { actorId: me.id, actorEmail: me.email, ip: st.ip, userAgent: st.userAgent };
  if (intentOf(form, ["revoke"]) === "revoke") {
    const revoke = readForm(form, z.object({ id: z.number().int().positive() }));
    // A key that is not there (or no number) is revoked already: nothing to do.
    let revoked = "The key was revoked already.";
    if (revoke.ok) {
      const { id } = revoke.data;
      const key = (await listOpen311Keys(db)).find((k) => k.id === id);
      await db.transaction(async (tx) => {
        if (await revokeOpen311Key(tx, id))
          await recordAudit(tx, { ...audit, action: "open311_key.revoked", objectType: "open311_key", objectId: id });
      });
      if (key && !key.revokedAt) revoked = `The key of ${key.name} is revoked: it no longer files reports.`;
    }
    return data<ActionResult>({ revoked, errors: {} });
  }
  const client = readForm(form, open311KeyFormSchema);
  if (!client.ok) return data<ActionResult>({ errors: { name: client.errors.name }, name: client.values.name?.trim() }, { status: 422 });
  const { name } = client.data;
  const issued = await db.transaction(async (tx) => {
    const key = await issueOpen311Key(tx, { name, actorId: me.id });
    await recordAudit(tx, { ...audit, action: "open311_key.issued", objectType: "open311_key", objectId: key.id, after: { name } });
    return key;
  });
  return data<ActionResult>({ issued: { name, key: issued.key }, errors: {} }, { headers: { "Cache-Control": "no-store" } });
}

export const meta: Route.MetaFunction = () => consoleMeta("Open311 keys");

export default function Open311Keys({ loaderData: d, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  return (
    <>
      <p>
        <Link to="/staff/incidents">Incidents</Link>
      </p>
      <h1>Open311 API keys</h1>
      <p>
        A key lets an Open311 client (a disaster office, a radio station's app) file reports at <code>/open311/v2/requests.json</code>.
        Reading is open to all.
      </p>
      {result?.revoked && (
        <p className="console-status" role="status">
          {result.revoked}
        </p>
      )}
      {result?.issued && (
        <div className="console-status" role="status">
          Key for {result.issued.name}, shown only now: copy it and send it to them safely.
          <p className="console-code">{result.issued.key}</p>
        </div>
      )}
      <section className="console-card">
        <h2>Issue a key</h2>
        <ErrorSummary errors={result?.errors ?? {}} />
        <Form method="post" noValidate>
          <Field id="name" label="Client" error={result?.errors.name}>
            {(p) => <input {...p} type="text" maxLength={100} defaultValue={result?.name} />}
          </Field>
          <button type="submit" className="button">
            Issue a key
          </button>
        </Form>
      </section>
      <h2>Keys</h2>
      <ConsoleTable columns={["Client", "Issued", "State"]}>
        {d.keys.map((k) => (
          <tr key={k.id}>
            <td>{k.name}</td>
            <td>{k.createdAt}</td>
            <td>
              {k.revokedAt ? (
                `Revoked ${k.revokedAt}`
              ) : (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="id" value={k.id} />
                  <button type="submit" className="button button--secondary" aria-label={`Revoke the key of ${k.name}`}>
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
