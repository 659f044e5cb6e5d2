/** /staff/members/agam/registrations.csv: the filtered registrations with decisions and reasons (an export: audited). */
import { data } from "react-router";
import { listRegistrations, registrationsCsv } from "../../../../modules/agam/admin.server";
import { listTopics } from "../../../../modules/agam/pool.server";
import { now } from "../../../../modules/shared/clock";
import { manilaIsoDate } from "../../../../modules/shared/dates";
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
