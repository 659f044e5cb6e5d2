/**
 * The CAP 1.2 (Common Alerting Protocol, OASIS) messages of outages, valid against
 * schemas/cap/CAP-v1.2.xsd (the tests check them with xmllint):
 * - the feed: one <alert> with one <info> per active major event, per power interruption not
 *   yet over (unplanned "power off now" and planned ones) and per open outage the public reported;
 * - one interruption's current message: msgType Alert when announced, Update at each change
 *   (extended, restored: responseType AllClear), Cancel when cancelled, each naming every earlier
 *   message of it in <references> ("sender,identifier,sent"), as CAP 1.2 section 3.2.1 says.
 */
import crypto from "node:crypto";
import { INCIDENT_STATUS_LABELS, type IncidentStatus, REPORT_KIND_LABELS, type ReportKind } from "../reports/model";
import type { InterruptionStatus } from "../shared/constants";
import { COOPERATIVE } from "../shared/constants";
import { formatDateTime, manilaIsoDateTime } from "../shared/dates";
import { escapeXml } from "../shared/escape";

export interface CapEvent {
  id: number;
  title: string;
  message: string;
  startedAt: Date;
}
export interface CapOutage {
  incidentId: number;
  kind: ReportKind;
  status: IncidentStatus;
  barangay: string;
  town: string;
  reportCount: number;
  since: Date;
  updatedAt: Date;
  etr: Date | null;
}

/** CAP wants local time with its offset and no fraction: Manila is always +08:00 (no daylight saving). */
export const capDateTime = (d: Date): string => manilaIsoDateTime(d);

const el = (name: string, value: string | null | undefined) => (value ? `<${name}>${escapeXml(value)}</${name}>` : "");

/** A power interruption as CAP says it, with the changes members were told of (its messages). */
export interface CapInterruption {
  id: number;
  kind: "planned" | "unplanned";
  /** The status members see now (the clock's view included). */
  status: InterruptionStatus;
  startsAt: Date;
  endsAt: Date;
  endKnown: boolean;
  towns: string[];
  /** The areas in words, one line per town. */
  areas: string;
  activities: string;
  /** Its published changes, oldest first: each one was a CAP message. */
  events: { id: number; kind: string; occurredAt: Date }[];
}

const hostOf = (origin: string) => new URL(origin).host.replace(/[^\w.-]/g, "") || "localhost";
const senderOf = (origin: string) => `outages@${hostOf(origin)}`;

/** One change of an interruption as a CAP message's identifier (stable: the same change, the same identifier). */
const interruptionMessageId = (origin: string, interruptionId: number, eventId: number) =>
  `${hostOf(origin)}-interruption-${interruptionId}-${eventId}`;

export function buildCapAlert(input: {
  origin: string;
  now: Date;
  events: CapEvent[];
  outages: CapOutage[];
  interruptions?: CapInterruption[];
}): string {
  const host = hostOf(input.origin);
  const sender = senderOf(input.origin);
  const interruptions = input.interruptions ?? [];
  // The identifier changes with the content: a CAP consumer sees a new message when anything changes.
  const digest = crypto
    .createHash("sha256")
    .update(JSON.stringify([input.events, input.outages, interruptions]))
    .digest("hex")
    .slice(0, 12);
  const latest = [
    ...input.events.map((e) => e.startedAt),
    ...input.outages.map((o) => o.updatedAt),
    ...interruptions.flatMap((i) => i.events.map((e) => e.occurredAt)),
  ].reduce<Date | null>((a, d) => (!a || d > a ? d : a), null);
  const sent = latest ?? input.now;
  const web = `${input.origin}/outages`;
  const infos: string[] = [];
  for (const e of input.events) {
    infos.push(
      info({
        category: ["Met", "Infra"],
        event: "Major event: power restoration",
        urgency: "Immediate",
        severity: "Severe",
        certainty: "Observed",
        effective: e.startedAt,
        headline: e.title,
        description: e.message || `${COOPERATIVE.shortName} has declared a major event. Restoration status by town is published at ${web}.`,
        instruction: "Stay away from fallen lines and report them to the hotline. Follow restoration status on the website.",
        web,
        areaDesc: "Western Pangasinan: Bolinao, Anda, Bani, Agno, Alaminos, Burgos, Mabini, Dasol and Infanta",
      }),
    );
  }
  for (const i of interruptions) infos.push(interruptionInfo(i, input.origin, input.now));
  for (const o of input.outages) {
    const hazard = o.kind === "line-down";
    infos.push(
      info({
        category: hazard ? ["Safety", "Infra"] : ["Infra"],
        event: `Unplanned power outage: ${REPORT_KIND_LABELS[o.kind]}`,
        urgency: "Immediate",
        severity: hazard ? "Severe" : "Moderate",
        certainty: o.status === "received" ? "Likely" : "Observed",
        effective: o.since,
        expires: o.etr,
        headline: `${REPORT_KIND_LABELS[o.kind]} in ${o.barangay}, ${o.town}`,
        description: `${o.reportCount} ${o.reportCount === 1 ? "report" : "reports"}; status: ${INCIDENT_STATUS_LABELS[o.status]}.${o.etr ? ` Estimated restoration: ${capDateTime(o.etr)}.` : ""}`,
        instruction: hazard
          ? "Stay at least 10 metres away from the fallen line and anything touching it. Call the hotline."
          : "Switch off appliances to protect them when power returns.",
        web,
        areaDesc: `Barangay ${o.barangay}, ${o.town}, Pangasinan`,
      }),
    );
  }
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">` +
    el("identifier", `${host}-outages-${digest}`) +
    el("sender", sender) +
    el("sent", capDateTime(sent)) +
    "<status>Actual</status><msgType>Alert</msgType>" +
    el("source", COOPERATIVE.name) +
    "<scope>Public</scope>" +
    (infos.length === 0 ? el("note", "No major event is declared and no power interruption is on or announced.") : "") +
    infos.join("") +
    "</alert>\n"
  );
}

/** The <info> of one interruption as it stands: planned or unplanned, on, to come, over or cancelled. */
function interruptionInfo(i: CapInterruption, origin: string, now: Date): string {
  const unplanned = i.kind === "unplanned";
  const over = i.status === "finished" || i.status === "cancelled";
  const on = !over && i.startsAt <= now;
  const when = unplanned
    ? `Off since ${formatDateTime(i.startsAt)}; ${i.endKnown ? `estimated restoration ${formatDateTime(i.endsAt)}` : "restoration time not yet known"}.`
    : `${formatDateTime(i.startsAt)} to ${formatDateTime(i.endsAt)}.`;
  const status =
    i.status === "finished"
      ? `Power restored ${formatDateTime(i.endsAt)}.`
      : i.status === "cancelled"
        ? "Cancelled: the power stays on."
        : i.status === "extended"
          ? "Extended."
          : "";
  const web = `${origin}/news/power-interruptions#interruption-${i.id}`;
  return info({
    category: ["Infra"],
    event: unplanned ? "Unplanned power outage" : "Scheduled power interruption",
    responseType: i.status === "finished" ? "AllClear" : i.status === "cancelled" ? "None" : on ? "Monitor" : "Prepare",
    urgency: over ? "Past" : on ? "Immediate" : "Expected",
    severity: unplanned ? "Moderate" : "Minor",
    certainty: unplanned || on || over ? "Observed" : "Likely",
    effective: i.events[0]?.occurredAt ?? i.startsAt,
    onset: i.startsAt,
    expires: i.endKnown && !over ? i.endsAt : null,
    headline: `${unplanned ? "Power off now" : "Scheduled power interruption"}: ${i.towns.join(", ") || "Western Pangasinan"}`,
    description: [status, when, i.activities ? `Work: ${i.activities}` : ""].filter(Boolean).join(" "),
    instruction: unplanned
      ? "Switch off appliances to protect them when power returns. Stay away from fallen lines and report them to the hotline."
      : "Lines may be energized earlier than scheduled. Consider them energized at all times.",
    web,
    areaDesc: i.areas || i.towns.join(", "),
  });
}

/**
 * One interruption's current CAP message: Alert for the first change members heard of, Update
 * for each later one, Cancel when it was cancelled; every earlier message in <references>.
 * Null when it has no published change (never announced).
 */
export function buildInterruptionCap(input: { origin: string; now: Date; interruption: CapInterruption }): string | null {
  const i = input.interruption;
  const last = i.events.at(-1);
  if (!last) return null;
  const sender = senderOf(input.origin);
  const earlier = i.events.slice(0, -1);
  const msgType = earlier.length === 0 ? "Alert" : last.kind === "cancelled" ? "Cancel" : "Update";
  const references = earlier
    .map((e) => `${sender},${interruptionMessageId(input.origin, i.id, e.id)},${capDateTime(e.occurredAt)}`)
    .join(" ");
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">` +
    el("identifier", interruptionMessageId(input.origin, i.id, last.id)) +
    el("sender", sender) +
    el("sent", capDateTime(last.occurredAt)) +
    "<status>Actual</status>" +
    el("msgType", msgType) +
    el("source", COOPERATIVE.name) +
    "<scope>Public</scope>" +
    el("references", references) +
    el("incidents", `interruption-${i.id}`) +
    interruptionInfo(i, input.origin, input.now) +
    "</alert>\n"
  );
}

function info(i: {
  category: string[];
  event: string;
  responseType?: string;
  onset?: Date;
  urgency: string;
  severity: string;
  certainty: string;
  effective: Date;
  expires?: Date | null;
  headline: string;
  description: string;
  instruction: string;
  web: string;
  areaDesc: string;
}): string {
  return (
    "<info><language>en-PH</language>" +
    i.category.map((c) => el("category", c)).join("") +
    el("event", i.event) +
    el("responseType", i.responseType) +
    el("urgency", i.urgency) +
    el("severity", i.severity) +
    el("certainty", i.certainty) +
    el("effective", capDateTime(i.effective)) +
    (i.onset ? el("onset", capDateTime(i.onset)) : "") +
    (i.expires ? el("expires", capDateTime(i.expires)) : "") +
    el("senderName", COOPERATIVE.name) +
    el("headline", i.headline) +
    el("description", i.description) +
    el("instruction", i.instruction) +
    el("web", i.web) +
    el("contact", `${COOPERATIVE.shortName} hotline ${COOPERATIVE.phone}`) +
    `<area>${el("areaDesc", i.areaDesc)}</area></info>`
  );
}
