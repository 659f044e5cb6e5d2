/**
 * The console overview's counts: what needs someone now, per area the person's role opens.
 * Each is one small count query; the overview is never cached.
 */
import { and, count, eq, gt, inArray, lte, notInArray, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { alertDeliveries, announcements, incidents, newsItems, powerInterruptions } from "../../../db/schema";
import { listBillDifferences } from "../../../modules/bills/inquiry.server";
import { visibleNow } from "../../../modules/content/publication.server";
import { listQueue } from "../../../modules/members/connection-queue.server";
import { overdueCount } from "../../../modules/payments/posting.server";
import { CLOSED_STATUSES, REPORT_KIND_LABELS } from "../../../modules/reports/model";
import { listIncidents } from "../../../modules/reports/queries.server";
import { now as clockNow } from "../../../modules/shared/clock";
import { can, type Role } from "../../../modules/staff/permissions";

export interface OverviewCount {
  label: string;
  value: number;
  to: string;
}

export async function overviewCounts(db: Db, role: Role, now: Date = clockNow()): Promise<OverviewCount[]> {
  const out: Promise<OverviewCount>[] = [];
  const one = async (label: string, to: string, q: Promise<{ n: number }[]>) => ({ label, to, value: (await q)[0]?.n ?? 0 });
  if (can(role, "incidents.manage"))
    out.push(
      one(
        "Open incidents (reports from the public)",
        "/staff/incidents",
        db
          .select({ n: count() })
          .from(incidents)
          .where(notInArray(incidents.status, [...CLOSED_STATUSES])),
      ),
    );
  if (can(role, "interruptions.manage")) {
    out.push(
      one(
        "Interruptions on now",
        "/staff/interruptions",
        db
          .select({ n: count() })
          .from(powerInterruptions)
          .where(
            and(
              visibleNow(powerInterruptions, now),
              or(
                inArray(powerInterruptions.status, ["ongoing", "extended"]),
                and(eq(powerInterruptions.status, "scheduled"), lte(powerInterruptions.startsAt, now), gt(powerInterruptions.endsAt, now)),
              ),
            ),
          ),
      ),
    );
    out.push(
      one(
        "Scheduled interruptions to come",
        "/staff/interruptions",
        db
          .select({ n: count() })
          .from(powerInterruptions)
          .where(
            and(
              eq(powerInterruptions.status, "scheduled"),
              gt(powerInterruptions.startsAt, now),
              eq(powerInterruptions.publication, "published"),
            ),
          ),
      ),
    );
  }
  if (can(role, "alerts.manage"))
    out.push(
      one(
        "Alert messages that failed",
        "/staff/alerts",
        db.select({ n: count() }).from(alertDeliveries).where(eq(alertDeliveries.state, "failed")),
      ),
    );
  if (can(role, "payments.reconcile"))
    out.push(
      overdueCount(db, now).then((value) => ({
        label: "Online payments not posted after 2 days",
        to: "/staff/bills/payments",
        value,
      })),
    );
  return Promise.all(out);
}

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
 * without a crew or past their estimated restoration, failed alert messages, bills that differ
 * from the schedule, online payments not posted, connection applications waiting more than
 * 30 days. The overview lists these first; when none waits it says all is done.
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
  if (can(role, "alerts.manage")) {
    const [row] = await db.select({ n: count() }).from(alertDeliveries).where(eq(alertDeliveries.state, "failed"));
    if (row?.n)
      items.push({
        text: `${plural(row.n, "alert message", "alert messages")} failed: send again or check the number`,
        to: "/staff/alerts",
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
    const { rows } = await listQueue(db, { age: "older" }, now, 500);
    const waiting = rows.filter((r) => r.status !== "energized" && r.status !== "declined").length;
    if (waiting)
      items.push({
        text: `${plural(waiting, "connection application", "connection applications")} waiting more than 30 days`,
        to: "/staff/members/connections?age=older",
      });
  }
  return items;
}
