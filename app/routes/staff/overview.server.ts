/**
 * The console overview's work list: what waits on this person now, per area the person's role
 * opens. Each is one small query; the overview is never cached.
 */
import { and, count, eq, gt, lte } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { alertDeliveries, announcements, newsItems, powerInterruptions } from "../../../db/schema";
import { pausedChannels } from "../../../modules/alerts/deliveries.server";
import { ALERT_CHANNELS, CHANNEL_LABELS } from "../../../modules/alerts/messages";
import { listBillDifferences } from "../../../modules/bills/inquiry.server";
import { interruptionOnNow } from "../../../modules/interruptions/restoration-hub.server";
import { htmlToLines } from "../../../modules/interruptions/view";
import { CONNECTION_STATUS_LABELS } from "../../../modules/members/connection-queue";
import { lateApplications } from "../../../modules/members/connection-queue.server";
import { overdueCount } from "../../../modules/payments/posting.server";
import { failedEbills } from "../../../modules/portal/staff.server";
import { REPORT_KIND_LABELS } from "../../../modules/reports/model";
import { listIncidents } from "../../../modules/reports/queries.server";
import { now as clockNow } from "../../../modules/shared/clock";
import { can, type Role } from "../../../modules/staff/permissions";

/** One thing waiting on the signed-in person: a line that leads to where it is done. */
export interface WorkItem {
  /** "3 reports to triage"; a zero item is not listed. */
  text: string;
  to: string;
  /** The things themselves, each a link to its own page (incidents), when there are a few. */
  lines?: { text: string; to: string }[];
}

const SHOWN = 5;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What waits on this person now, by what their role does: reports to triage, incidents
 * without a crew or past their estimated restoration, interruptions on now (to mark restored),
 * failed alert messages and paused alert channels, bills that differ from the schedule, online
 * payments not posted, new-bill notices not delivered, connection applications past their step's
 * target days. The overview lists these; when none waits it says all is done.
 */
export async function workList(db: Db, role: Role, now: Date = clockNow()): Promise<WorkItem[]> {
  const items: WorkItem[] = [];
  if (can(role, "incidents.manage")) {
    const open = await listIncidents(db, { open: true, limit: 500 });
    const line = (i: (typeof open)[number]) => ({
      text: `${REPORT_KIND_LABELS[i.kind]}: ${i.barangay}, ${i.town} (${plural(i.reportCount, "report", "reports")})`,
      to: `/staff/incidents/${i.id}`,
    });
    const group = (list: typeof open, text: string) => {
      if (list.length) items.push({ text, to: "/staff/incidents", lines: list.slice(0, SHOWN).map(line) });
    };
    const received = open.filter((i) => i.status === "received");
    group(received, `${plural(received.length, "new report", "new reports")} to triage`);
    const noCrew = open.filter((i) => i.status === "verified");
    group(noCrew, `${plural(noCrew.length, "confirmed incident", "confirmed incidents")} without a crew`);
    const late = open.filter((i) => i.etr && i.etr < now);
    group(late, `${plural(late.length, "incident", "incidents")} past the estimated restoration`);
  }
  if (can(role, "interruptions.manage")) {
    const onNow = await db
      .select({ id: powerInterruptions.id, areas: powerInterruptions.affectedAreas, kind: powerInterruptions.kind })
      .from(powerInterruptions)
      .where(interruptionOnNow(now))
      .orderBy(powerInterruptions.startsAt);
    if (onNow.length)
      items.push({
        text: `${plural(onNow.length, "interruption is", "interruptions are")} on now: mark each restored when the power is back`,
        to: "/staff/interruptions",
        lines: onNow.slice(0, SHOWN).map((i) => ({
          // The areas are stored as HTML (a list per town): a line of the list reads them as text.
          text: `${i.kind === "unplanned" ? "Power off now" : "Planned"}: ${htmlToLines(i.areas).join("; ")}`,
          to: `/staff/interruptions/${i.id}/status`,
        })),
      });
  }
  if (can(role, "alerts.manage")) {
    const [[row], paused] = await Promise.all([
      db.select({ n: count() }).from(alertDeliveries).where(eq(alertDeliveries.state, "failed")),
      pausedChannels(db),
    ]);
    if (row?.n)
      items.push({
        text: `${plural(row.n, "alert message", "alert messages")} failed: send again or check the number`,
        to: "/staff/alerts",
      });
    // A paused channel holds every alert on it (and the new-bill texts, which go by SMS too) until resumed.
    for (const channel of ALERT_CHANNELS.filter((c) => paused.has(c)))
      items.push({
        text: `${CHANNEL_LABELS[channel]} alerts are paused${channel === "sms" ? ", new-bill texts too" : ""}: messages wait until resumed`,
        to: "/staff/alerts#channels-title",
      });
  }
  if (can(role, "bills.import")) {
    const differ = (await listBillDifferences(db)).rows.length;
    if (differ) items.push({ text: `${plural(differ, "bill differs", "bills differ")} from the rate schedule`, to: "/staff/bills/check" });
  }
  if (can(role, "payments.reconcile")) {
    const overdue = await overdueCount(db, now);
    if (overdue)
      items.push({ text: `${plural(overdue, "online payment", "online payments")} not posted after 2 days`, to: "/staff/bills/payments" });
  }
  if (can(role, "content.publish")) {
    // Manila is UTC+8 all year (no daylight saving): its day ends at 16:00 UTC.
    const endOfDay = new Date(Math.floor((now.getTime() + 8 * 3_600_000) / 86_400_000) * 86_400_000 + 16 * 3_600_000);
    const later = (t: typeof announcements | typeof newsItems) =>
      and(eq(t.publication, "published"), gt(t.publishAt, now), lte(t.publishAt, endOfDay));
    const [news, notices] = await Promise.all([
      db.select({ id: newsItems.id, title: newsItems.title }).from(newsItems).where(later(newsItems)),
      db
        .select({ id: announcements.id, kind: announcements.kind, title: announcements.title })
        .from(announcements)
        .where(later(announcements)),
    ]);
    const lines = [
      ...notices.map((a) => ({ text: a.title, to: `/staff/announcements/${a.kind}/${a.id}` })),
      ...news.map((n) => ({ text: n.title, to: `/staff/content/news/${n.id}` })),
    ];
    if (lines.length)
      items.push({
        text: `${plural(lines.length, "item goes", "items go")} public later today: check ${lines.length === 1 ? "it" : "them"}`,
        to: notices[0] ? `/staff/announcements/${notices[0].kind}` : "/staff/content/news",
        lines: lines.slice(0, SHOWN),
      });
  }
  if (can(role, "members.manage")) {
    const late = await lateApplications(db, now);
    if (late.length)
      items.push({
        text:
          late.length === 1
            ? "1 connection application is past its step's target days"
            : `${late.length} connection applications are past their step's target days`,
        to: "/staff/members/connections",
        lines: late.slice(0, SHOWN).map((a) => ({
          text: `${a.reference} (${a.name}): ${CONNECTION_STATUS_LABELS[a.status]} for ${plural(a.days, "day", "days")}, target ${a.target}`,
          to: `/staff/members/connections/${a.id}`,
        })),
      });
    const ebills = await failedEbills(db, 0);
    if (ebills.total)
      items.push({
        text: `${plural(ebills.total, "new-bill notice", "new-bill notices")} not delivered: check the contact and send again`,
        to: "/staff/members/portal#failed-ebills",
      });
  }
  return items;
}
