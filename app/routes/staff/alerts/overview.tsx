/**
 * /staff/alerts: subscribers per town and channel, the channels' pause switches, and the
 * interruptions that have messages with their delivery states. Permission alerts.manage.
 */
import { data, Form, Link, useLocation } from "react-router";
import { z } from "zod";
import { interruptionsWithDeliveries, pausedChannels } from "../../../../modules/alerts/deliveries.server";
import { ALERT_CHANNELS, type AlertChannel, CHANNEL_LABELS } from "../../../../modules/alerts/messages";
import { subscriberCounts } from "../../../../modules/alerts/subscriptions.server";
import { TOWNS } from "../../../../modules/shared/constants";
import { formatDateTime } from "../../../../modules/shared/dates";
import { recordAudit } from "../../../../modules/staff/audit.server";
import { services } from "../../../context";
import { alertsRuntime } from "../../alerts/alerts.server";
import { AskFirst, ConfirmStep, confirmAsked, withoutConfirm } from "../ConfirmStep";
import { ConsoleTable } from "../ConsoleTable";
import { readPosted } from "../form.server";
import { requireStaff, staffServices } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import { consoleMeta } from "../title";
import type { Route } from "./+types/overview";

export const handle: ConsoleHandle = { staff: "alerts.manage" };

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "alerts.manage");
  const s = services(args.context);
  const runtime = alertsRuntime(s);
  const [counts, paused, interruptions] = await Promise.all([
    subscriberCounts(s.db),
    pausedChannels(s.db),
    interruptionsWithDeliveries(s.db),
  ]);
  const byInterruption = new Map<number, { startsAt: string; states: Record<string, number> }>();
  for (const r of interruptions) {
    const entry = byInterruption.get(r.interruption_id) ?? { startsAt: formatDateTime(r.starts_at), states: {} };
    entry.states[r.state] = (entry.states[r.state] ?? 0) + r.n;
    byInterruption.set(r.interruption_id, entry);
  }
  return {
    counts,
    channels: ALERT_CHANNELS.map((c) => ({ channel: c, configured: runtime?.channels.configured.has(c) ?? false, paused: paused.has(c) })),
    workerHere: Boolean(runtime?.worker),
    interruptions: [...byInterruption].map(([id, v]) => ({ id, ...v })),
  };
}

export async function action(args: Route.ActionArgs) {
  const me = await requireStaff(args, "alerts.manage");
  const s = services(args.context);
  const form = await readPosted(args.request, z.object({ channel: z.enum(ALERT_CHANNELS), pause: z.boolean() }));
  if (!form.ok) throw data({ message: "Unknown channel." }, { status: 400 });
  const { channel, pause } = form.data;
  const worker = alertsRuntime(s)?.worker;
  if (!worker)
    return data({ message: "The alerts worker does not run in this process: pause the channel where it runs." }, { status: 503 });
  const st = staffServices(args);
  await worker.setPaused(channel, pause, me.id, (tx) =>
    recordAudit(tx, {
      actorId: me.id,
      actorEmail: me.email,
      action: pause ? "alert_channel.paused" : "alert_channel.resumed",
      objectType: "alert_channel",
      objectId: channel,
      ip: st.ip,
      userAgent: st.userAgent,
    }),
  );
  return {
    message: `${CHANNEL_LABELS[channel]} ${pause ? "paused: messages wait until it is resumed" : "resumed: waiting messages are being sent"}.`,
  };
}

/** A channel's name inside a sentence. */
const CHANNEL_NAMES: Record<AlertChannel, string> = { sms: "SMS", email: "e-mail", push: "push" };

const STATE_LABELS: Record<string, string> = {
  queued: "queued",
  sending: "sending",
  sent: "sent",
  retrying: "retrying",
  failed: "failed",
  not_configured: "not sent: channel not configured",
  paused: "paused",
  held: "held (quiet hours)",
};

export const meta: Route.MetaFunction = () => consoleMeta("Alerts");

export default function AlertsOverview({ loaderData: d, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const count = (town: string, channel: AlertChannel) => d.counts.find((c) => c.town === town && c.channel === channel)?.subscribers ?? 0;
  return (
    <>
      <h1>Interruption alerts</h1>
      {actionData?.message && (
        <p className="console-status" role="status">
          {actionData.message}
        </p>
      )}
      <section className="console-card" aria-labelledby="channels-title">
        <h2 id="channels-title">Channels</h2>
        <ul className="alerts-staff-channels">
          {d.channels.map((c) => (
            <li key={c.channel}>
              <strong>{CHANNEL_LABELS[c.channel]}</strong>:{" "}
              {!c.configured ? "not configured (messages are kept as “not sent: channel not configured”)" : c.paused ? "paused" : "sending"}
              {c.configured &&
                d.workerHere &&
                (c.paused ? (
                  <Form method="post" className="console-actions">
                    <input type="hidden" name="channel" value={c.channel} />
                    <input type="hidden" name="pause" value="0" />
                    <button type="submit" className="button button--secondary">
                      Resume {CHANNEL_NAMES[c.channel]}
                    </button>
                  </Form>
                ) : confirmAsked(location.search) === `pause-${c.channel}` ? (
                  <ConfirmStep
                    title={`Pause every ${CHANNEL_NAMES[c.channel]} alert?`}
                    fields={{ channel: c.channel, pause: "1" }}
                    confirm={`Yes, pause ${CHANNEL_NAMES[c.channel]}`}
                    back={withoutConfirm(location)}
                  >
                    <p>
                      No {CHANNEL_NAMES[c.channel]} message goes out to any subscriber until it is resumed here, for every town and
                      interruption. Messages wait and are sent on resuming.
                    </p>
                  </ConfirmStep>
                ) : (
                  <AskFirst ask={`pause-${c.channel}`} className="console-actions">
                    Pause {CHANNEL_NAMES[c.channel]}
                  </AskFirst>
                ))}
            </li>
          ))}
        </ul>
      </section>
      <section className="console-card" aria-labelledby="counts-title">
        <h2 id="counts-title">Subscribers per town</h2>
        <ConsoleTable
          caption="Confirmed subscribers per town and channel"
          hideCaption
          columns={["Town", ...ALERT_CHANNELS.map((c) => (c === "sms" ? "SMS" : c === "email" ? "E-mail" : "Push"))]}
        >
          {TOWNS.map((t) => (
            <tr key={t}>
              <th scope="row">{t}</th>
              {ALERT_CHANNELS.map((c) => (
                <td key={c}>{count(t, c)}</td>
              ))}
            </tr>
          ))}
        </ConsoleTable>
      </section>
      <section className="console-card" aria-labelledby="messages-title">
        <h2 id="messages-title">Messages per interruption</h2>
        {d.interruptions.length === 0 ? (
          <p>No alert has been sent yet.</p>
        ) : (
          <ul>
            {d.interruptions.map((i) => (
              <li key={i.id}>
                <Link to={`/staff/alerts/${i.id}`}>Interruption of {i.startsAt}</Link>:{" "}
                {Object.entries(i.states)
                  .map(([state, n]) => `${n} ${STATE_LABELS[state] ?? state}`)
                  .join(", ")}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
