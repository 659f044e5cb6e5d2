/**
 * The console overview's counts: what needs someone now, per area the person's role opens.
 * Each is one small count query; the overview is never cached.
 */
import { and, count, eq, gt, inArray, lte, notInArray, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { alertDeliveries, incidents, powerInterruptions } from "../../../db/schema";
import { visibleNow } from "../../../modules/content/publication.server";
import { overdueCount } from "../../../modules/payments/posting.server";
import { CLOSED_STATUSES } from "../../../modules/reports/model";
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
