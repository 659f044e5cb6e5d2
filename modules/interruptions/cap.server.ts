/**
 * The CAP 1.2 (Common Alerting Protocol, OASIS) message of active major events and
 * unplanned outages: one <alert> with one <info> per event or outage area, valid against
 * schemas/cap/CAP-v1.2.xsd (tests/api/outages-open-data.test.ts checks it with xmllint).
 */
import crypto from "node:crypto";
import { INCIDENT_STATUS_LABELS, type IncidentStatus, REPORT_KIND_LABELS, type ReportKind } from "../reports/model";
import { COOPERATIVE } from "../shared/constants";
import { manilaIsoDateTime } from "../shared/dates";
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

export function buildCapAlert(input: { origin: string; now: Date; events: CapEvent[]; outages: CapOutage[] }): string {
  const host = new URL(input.origin).host.replace(/[^\w.-]/g, "") || "localhost";
  const sender = `outages@${host}`;
  // The identifier changes with the content: a CAP consumer sees a new message when anything changes.
  const digest = crypto
    .createHash("sha256")
    .update(JSON.stringify([input.events, input.outages]))
    .digest("hex")
    .slice(0, 12);
  const latest = [...input.events.map((e) => e.startedAt), ...input.outages.map((o) => o.updatedAt)].reduce<Date | null>(
    (a, d) => (!a || d > a ? d : a),
    null,
  );
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
    (infos.length === 0 ? el("note", "No major event is declared and no unplanned outage is open.") : "") +
    infos.join("") +
    "</alert>\n"
  );
}

function info(i: {
  category: string[];
  event: string;
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
    el("urgency", i.urgency) +
    el("severity", i.severity) +
    el("certainty", i.certainty) +
    el("effective", capDateTime(i.effective)) +
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
