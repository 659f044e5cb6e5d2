/** /staff/members/agam/registrations.csv: the filtered registrations with decisions and reasons (an export: audited). */
import { data } from "react-router";
import { listTopics } from "../../../../core/agam.server";
import { listRegistrations, registrationsCsv } from "../../../../core/agam-admin.server";
import { now } from "../../../../core/clock";
import { manilaIsoDate } from "../../../../core/dates";
import { services } from "../../../context";
import { requireStaff } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import type { Route } from "./+types/registrations-csv";
import { auditMember, download } from "./audit.server";
import { readRegistrationQuery } from "./registration-query";

export const handle: ConsoleHandle = { staff: "members.read" };

export async function loader(args: Route.LoaderArgs) {
  const me = await requireStaff(args, "members.read");
  const { query, filter, errors } = readRegistrationQuery(new URL(args.request.url));
  if (Object.keys(errors).length) throw data({ message: Object.values(errors).join(". ") }, { status: 400 });
  const { db } = services(args.context);
  const rows = await listRegistrations(db, filter, 1_000_000);
  await auditMember(args, me, {
    action: "agam_registrations.exported",
    objectType: "agam_registration",
    after: { query, rows: rows.length },
  });
  return download(registrationsCsv(await listTopics(db), rows), "text/csv", `agam-registrations-${manilaIsoDate(now())}.csv`);
}
