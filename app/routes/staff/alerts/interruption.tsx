/**
 * /staff/alerts/:id: every message of one interruption with its delivery state, the reason of a
 * failure, and a button to send a failed one again. Addresses are shown masked; the view is audited.
 */
import { data, Form, Link } from "react-router";
import { z } from "zod";
import { deliveriesOf, interruptionExists } from "../../../../modules/alerts/deliveries.server";
import { formatDateTime } from "../../../../modules/shared/dates";
import { maskMobile } from "../../../../modules/shared/phone";
import { recordAudit } from "../../../../modules/staff/audit.server";
import { services } from "../../../context";
import { alertsRuntime } from "../../alerts/alerts.server";
import { ConsoleTable } from "../ConsoleTable";
import { readPosted } from "../form.server";
import { requireStaff, staffServices } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import { consoleMeta } from "../title";
import type { Route } from "./+types/interruption";

export const handle: ConsoleHandle = { staff: "alerts.manage" };

function maskAddress(channel: string, address: string | null): string {
  if (!address) return "—";
  if (channel === "sms") return maskMobile(address);
  if (channel === "email") return address.replace(/^(.).*(@.*)$/, "$1•••$2");
  return "browser";
}

export async function loader(args: Route.LoaderArgs) {
  const me = await requireStaff(args, "alerts.manage");
  const s = services(args.context);
  const id = Number(args.params.id);
  if (!Number.isInteger(id) || !(await interruptionExists(s.db, id))) throw data({ message: "No such interruption." }, { status: 404 });
  const rows = await deliveriesOf(s.db, id);
  const st = staffServices(args);
  await recordAudit(s.db, {
    actorId: me.id,
    actorEmail: me.email,
    action: "alert_deliveries.viewed",
    objectType: "interruption",
    objectId: id,
    ip: st.ip,
    userAgent: st.userAgent,
  });
  return {
    id,
    canResend: Boolean(alertsRuntime(s)?.worker),
    rows: rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      reason: r.eventKey === "reminder" ? "reminder" : "change",
      subject: r.subject,
      state: r.state,
      attempts: r.attempts,
      lastError: r.lastError,
      to: maskAddress(r.channel, r.address),
      updatedAt: formatDateTime(r.updatedAt),
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const me = await requireStaff(args, "alerts.manage");
  const s = services(args.context);
  const form = await readPosted(args.request, z.object({ delivery: z.number().int().positive() }));
  if (!form.ok) return data({ message: "Choose a message to send again." }, { status: 400 });
  const deliveryId = form.data.delivery;
  const worker = alertsRuntime(s)?.worker;
  if (!worker) return data({ message: "The alerts worker does not run in this process." }, { status: 503 });
  const st = staffServices(args);
  const ok = await worker.resend(deliveryId, (tx) =>
    recordAudit(tx, {
      actorId: me.id,
      actorEmail: me.email,
      action: "alert_delivery.resent",
      objectType: "alert_delivery",
      objectId: deliveryId,
      ip: st.ip,
      userAgent: st.userAgent,
    }),
  );
  return ok
    ? { message: `Message ${deliveryId} is queued again.` }
    : data({ message: "Only a failed or unsent message can be sent again." }, { status: 409 });
}

export const meta: Route.MetaFunction = () => consoleMeta("Alert messages");

export default function AlertDeliveries({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <>
      <p>
        <Link to="/staff/alerts">All alerts</Link>
      </p>
      <h1>Messages for interruption {d.id}</h1>
      {actionData?.message && (
        <p className="console-status" role="status">
          {actionData.message}
        </p>
      )}
      <ConsoleTable
        stack
        caption="Each message with its delivery state"
        hideCaption
        columns={["#", "Channel", "To", "Message", "State", "Attempts", "Updated", "Action"]}
      >
        {d.rows.map((r) => (
          <tr key={r.id}>
            <td>{r.id}</td>
            <td>{r.channel}</td>
            <td>{r.to}</td>
            <td>{r.subject}</td>
            <td>
              {r.state === "not_configured" ? "not sent: channel not configured" : r.state}
              {r.lastError && <div className="field__hint">{r.lastError}</div>}
            </td>
            <td>{r.attempts}</td>
            <td>{r.updatedAt}</td>
            <td>
              {(r.state === "failed" || r.state === "not_configured") && d.canResend && (
                <Form method="post">
                  <input type="hidden" name="delivery" value={r.id} />
                  <button type="submit" className="button button--secondary">
                    Send again
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
